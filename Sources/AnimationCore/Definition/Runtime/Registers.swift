/// A program's register file: the `Double`s compiled expressions compute into, and what an entry
/// point's reactions read their event's fields from.
///
/// Owns nothing itself: `Registers.with(count:_:)` allocates them on the stack of its call and
/// gives them back when that call returns, so a `Registers` is only ever a parameter, passed
/// down to what runs inside that call and never stored or returned. Raw memory because a
/// register file is made for every program run (every frame, every reaction, every region),
/// where an array would cost an allocation each time. One of the interpreter's three places
/// with raw memory, with `ControlState` (a session's state) and `FixedArray` (the tables).
struct Registers {
    private let base: UnsafeMutablePointer<Double>

    private init(_ base: UnsafeMutablePointer<Double>) {
        self.base = base
    }

    /// Register `index` (unchecked in release builds, as the machine's code was checked when the
    /// definition was loaded: every register it names is below the definition's frame size).
    @inline(__always)
    subscript(index: Int) -> Double {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    /// The registers from `offset` on: where a read of several values (a colour) writes them.
    @inline(__always)
    func from(_ offset: Int) -> Registers {
        Registers(base + offset)
    }

    /// `count` registers for `body`, the first `zeroed` of them 0, given back when it returns.
    @inline(__always)
    static func with<Result>(count: Int, zeroed: Int = 0, _ body: (Registers) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: max(count, 1)) { buffer in
            let base = buffer.baseAddress!
            base.initialize(repeating: 0, count: min(max(count, 1), zeroed))
            return body(Registers(base))
        }
    }

    /// `count` registers for an entry point's reactions (`body`), the first 16 zeroed: the event
    /// fields its event does not set read as 0.
    @inline(__always)
    static func forReactions<Failure: Error>(count: Int, _ body: (Registers) throws(Failure) -> Void) throws(Failure) {
        let failure: Failure? = with(count: count, zeroed: 16) { registers in
            do throws(Failure) {
                try body(registers)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }
}

/// At most `capacity` values in the stack memory of the call that made the list
/// (`ScratchList.with(capacity:_:)`): what the inputs recognised in one event, before their
/// reactions run. As `Registers`, only ever passed down inside that call; raw memory because a
/// touch would otherwise allocate an array for its handful of recognitions.
struct ScratchList<Element> {
    private let base: UnsafeMutablePointer<Element>
    let capacity: Int
    /// The first `count` are initialised.
    private(set) var count = 0

    private init(_ base: UnsafeMutablePointer<Element>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            assert(index >= 0 && index < count, "ScratchList index out of range")
            return base[index]
        }
        set {
            assert(index >= 0 && index < count, "ScratchList index out of range")
            base[index] = newValue
        }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        precondition(count < capacity, "ScratchList is full")
        (base + count).initialize(to: element)
        count += 1
    }

    /// Keeps the first `kept` elements (at most `count`), letting the rest go.
    @inline(__always)
    mutating func keepFirst(_ kept: Int) {
        precondition(kept >= 0 && kept <= count)
        (base + kept).deinitialize(count: count - kept)
        count = kept
    }

    /// An empty list of room `capacity` for `body`, whose elements are let go when it returns.
    @inline(__always)
    static func with<Failure: Error>(capacity: Int, _ body: (inout ScratchList) throws(Failure) -> Void) throws(Failure) {
        let failure: Failure? = withUnsafeTemporaryAllocation(of: Element.self, capacity: max(capacity, 1)) { buffer in
            var list = ScratchList(buffer.baseAddress!, capacity: max(capacity, 1))
            defer { list.keepFirst(0) }
            do throws(Failure) {
                try body(&list)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }
}
