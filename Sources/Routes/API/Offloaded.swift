/// An answer worked out away from the event loop: a handler that must wait on the network (the
/// shared registry, `EtcdDirectory`) runs on the thread `AppEnvironment.offload` gives it, and
/// its answer reaches the connection as the journal's do (`PendingResponse`, delivered through
/// the loop's mailbox). An answer that itself waits for the journal is passed on.
final class Offloaded: PendingResponse {
    let offload: @Sendable (@escaping @Sendable () -> Void) -> Void
    let work: @Sendable () -> HTTPResponse

    init(_ environment: AppEnvironment, _ work: @escaping @Sendable () throws(Problem) -> HTTPResponse) {
        offload = environment.offload
        self.work = {
            do throws(Problem) {
                return try work()
            } catch {
                return error.response
            }
        }
    }

    var response: HTTPResponse { .later(self) }

    func onReady(_ deliver: @escaping @Sendable (HTTPAnswer) -> Void) {
        offload { [work] in
            switch work() {
            case let .now(answer): deliver(answer)
            case let .later(pending): pending.onReady(deliver)
            }
        }
    }
}

extension Problem {
    /// Thrown by a handler running on the loop that finds it must wait on the shared registry:
    /// the route runs it again off the loop (`SessionsAPI.offloading`). Never sent.
    static let offloadCode = "registry_call_off_loop"

    static var mustOffload: Problem { Problem(500, offloadCode, "a registry call must run off the event loop") }

    /// The shared registry did not answer: what waits on it is refused, nothing else is.
    static func registryUnavailable(_ error: RegistryError) -> Problem {
        var problem = Problem(503, "registry_unavailable",
                              "the control registry (etcd) does not answer; built-in controls and existing sessions are served; retry later")
        problem.headers = [("Retry-After", "5")]
        return problem
    }
}
