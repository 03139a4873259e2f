import Synchronization

/// The application `makeApp` composes: the route table wrapped in its middleware, and the state
/// behind it that the process manages (the session store and its journal, readiness). What the
/// server talks to.
public struct Application: Responder {
    /// The route table, for the contract test against `openapi.yaml`.
    public var routes: [Router.Route] { router.routes }
    let router: Router
    /// The router inside its middleware.
    let responder: any RoutedResponder
    let store: SessionStore
    let readiness: Readiness
    let now: @Sendable () -> Double

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        responder.respond(to: request).response
    }

    /// Rebuilds the sessions a journal describes (before serving: records are not journalled again),
    /// then reports ready.
    public func restore(_ records: some Sequence<[UInt8]>) -> RestoreReport {
        let report = store.restore(records, now: now())
        readiness.markReady()
        return report
    }

    /// True once the journal was replayed (`/readyz`).
    public var isReady: Bool { readiness.isReady }

    /// The records that rebuild every live session now: what a compacted journal holds.
    public func snapshot() -> [[UInt8]] {
        store.snapshot(now: now())
    }
}

/// Whether the journal has been replayed: `/readyz` answers 503 until then.
final class Readiness: Sendable {
    private let ready: Mutex<Bool>
    init(ready: Bool) { self.ready = Mutex(ready) }
    var isReady: Bool { ready.withLock { $0 } }
    func markReady() { ready.withLock { $0 = true } }
}
