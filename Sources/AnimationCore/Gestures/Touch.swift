/// One finger's event as clients post it: a fact about the pointer, in the control's coordinates.
public enum Touch: Sendable, Equatable {
    case down(Point)
    case move(Point)
    case up(Point)
    case cancel

    public var location: Point? {
        switch self {
        case let .down(p), let .move(p), let .up(p): p
        case .cancel: nil
        }
    }
}
