import Glibc

/// A joinable POSIX thread running one closure (Foundation's Thread cannot be joined, and the
/// server must know when every loop has finished draining).
struct LoopThread: Sendable {
    private let handle: pthread_t

    /// `body` is sent to the new thread; what it captures belongs to that thread from now on.
    static func spawn(_ body: sending @escaping () -> Void) throws(SyscallError) -> LoopThread {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var handle = pthread_t()
        let result = pthread_create(&handle, nil, { argument in
            guard let argument else { return nil }
            Unmanaged<Body>.fromOpaque(argument).takeRetainedValue().run()
            return nil
        }, box)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            throw SyscallError("pthread_create", errno: result)
        }
        return LoopThread(handle: handle)
    }

    func join() {
        _ = pthread_join(handle, nil)
    }

    private final class Body {
        let run: () -> Void
        init(_ run: sending @escaping () -> Void) {
            self.run = run
        }
    }
}
