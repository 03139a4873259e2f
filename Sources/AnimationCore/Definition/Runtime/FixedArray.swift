/// Immutable plain data in memory this object owns, freed with it: the tables the interpreter
/// reads on every step (a definition's code, literals and reactions, an instance's constants).
///
/// Raw memory because the machine runs over these tables without a closure around each program
/// and without an array's reference to retain; owned, so any pointer into it is valid exactly
/// as long as this object is (its holders keep it). `Element: BitwiseCopyable`: the compiler
/// proves the elements trivial, so copying them in as bytes and freeing them without
/// deinitialising is right, and a type that gains a reference stops compiling here.
///
/// `@unchecked Sendable`: never written after `init`.
final class FixedArray<Element: BitwiseCopyable>: @unchecked Sendable {
    /// The first element (at least one element's room, so never dangling when empty).
    private let base: UnsafePointer<Element>
    let count: Int

    init(_ elements: [Element]) {
        let storage = UnsafeMutablePointer<Element>.allocate(capacity: max(elements.count, 1))
        storage.initialize(from: elements, count: elements.count)
        base = UnsafePointer(storage)
        count = elements.count
    }

    deinit {
        base.deallocate()
    }

    /// Element `index`, unchecked in release builds (as a buffer pointer's subscript).
    @inline(__always)
    subscript(index: Int) -> Element {
        assert(index >= 0 && index < count, "FixedArray index out of range")
        return base[index]
    }

    /// The elements as the machine reads them: the address in a value, so a program's loop keeps
    /// it in a register instead of loading it from this object at every step. Valid while this
    /// array is alive: the machine runs inside a call on the instance or definition that holds it.
    @inline(__always)
    var elements: Elements { Elements(base: base, count: count) }

    struct Elements: MachineTable {
        fileprivate let base: UnsafePointer<Element>
        fileprivate let count: Int

        @inline(__always)
        subscript(index: Int) -> Element {
            assert(index >= 0 && index < count, "FixedArray index out of range")
            return base[index]
        }
    }
}
