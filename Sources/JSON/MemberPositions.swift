/// Which members of an object a strict reader (`ObjectReader`) has been
/// asked for, by position in the object: a bit each for the first 64 (every object a request
/// holds), a short list beyond. It replaced a list of the keys asked for, whose growth cost every
/// decoded event an allocation or two, and whose `finish()` compared strings.
struct MemberPositions: Sendable, Equatable {
    private var low: UInt64 = 0
    /// Positions from 64 on that were asked for (a few: readers ask for the keys they know).
    private var beyond: [Int] = []

    init() {}

    mutating func insert(_ position: Int) {
        if position < 64 {
            low |= 1 << UInt64(position)
        } else if !beyond.contains(position) {
            beyond.append(position)
        }
    }

    func contains(_ position: Int) -> Bool {
        position < 64 ? low & (1 << UInt64(position)) != 0 : beyond.contains(position)
    }
}
