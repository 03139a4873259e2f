/// The fields expressions read of each primitive (`tracking.isHighlighted`, `ring.remaining`,
/// `transition.frame.progress`), as `Read` field numbers.
enum ReadField {
    /// `elapsed`, last of each input's: seconds since the touch it tracks went down (0 with none).
    static let control = ["isHighlighted", "isSelected", "isEnabled", "isTracking", "isTouchInside", "elapsed"]
    static let pan = ["isRecognized", "isTracking", "elapsed"]
    static let tap = ["isTracking", "elapsed"]
    static let longPress = ["isRecognized", "isTracking", "elapsed"]
    static let swipe = ["isTracking", "elapsed"]
    static let transform = ["isRecognized", "isTracking", "elapsed"]
    static let basic = ["isRunning", "isPaused", "value", "remaining", "duration", "fraction", "from", "to"]
    static let basicBools: Set<Int> = [0, 1]
    static let group = ["isActive", "isPaused", "isReversed", "isRunning", "progressWhenInterrupted"]
    static let groupBools: Set<Int> = [0, 1, 2, 3]
    static let member = ["progress", "fractionComplete", "velocity", "isActive", "isRunning", "isReversed"]
    static let memberBools: Set<Int> = [3, 4, 5]
    /// A member's field number: member·stride + field.
    static let memberStride = 8
    static let timer = ["isPending"]

    /// Whether `field` of an input of `kind` is its `elapsed`.
    static func isElapsed(_ kind: Read.Kind, _ field: Int) -> Bool {
        switch kind {
        case .control: field == control.firstIndex(of: "elapsed")
        case .pan: field == pan.firstIndex(of: "elapsed")
        case .tap: field == tap.firstIndex(of: "elapsed")
        case .longPress: field == longPress.firstIndex(of: "elapsed")
        case .swipe: field == swipe.firstIndex(of: "elapsed")
        case .transform: field == transform.firstIndex(of: "elapsed")
        default: false
        }
    }

    /// Bindings for `fields`, the bool ones typed bool and the rest numbers.
    static func bindings(_ kind: Read.Kind, index: Int, _ fields: [String], bools: Set<Int>, offset: Int = 0) -> [String: Binding] {
        var members: [String: Binding] = [:]
        for (field, name) in fields.enumerated() {
            let type: ValueType = bools.contains(field) ? .bool : .number
            members[name] = .expression(.read(Read(kind: kind, index: index, field: offset + field), type))
        }
        return members
    }
}
