import Synchronization

/// What a layer above derives once from a `FrameShape` and keeps with it (the JSON frame writer's
/// prepared keys and steps), made by the first caller that needs it and shared by every copy of
/// the shape, so a single frame does not prepare it again.
public final class ShapeAttachment: Sendable {
    private let stored = Mutex<(any Sendable)?>(nil)

    init() {}

    /// The attached value of type `T`, made by `make` the first time.
    public func value<T: Sendable>(_ make: () -> T) -> T {
        stored.withLock { stored in
            if let value = stored as? T { return value }
            let value = make()
            stored = value
            return value
        }
    }
}
