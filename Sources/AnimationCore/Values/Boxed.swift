/// A value kept behind one pointer, with value semantics (a write makes a new box). For large
/// parts of a control that are often absent or unchanged, so copies of the control (a session
/// keeps several) share them instead of repeating them inline.
public enum Boxed<Value: Sendable & Equatable>: Sendable, Equatable {
    indirect case value(Value)

    public init(_ value: Value) { self = .value(value) }

    public var value: Value {
        switch self { case let .value(value): value }
    }
}
