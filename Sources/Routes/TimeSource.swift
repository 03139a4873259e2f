/// Where everything outside AnimationCore reads time: the event loops (timeouts, the `Date`
/// header), the application (session time, request durations) and the journal. Injected, so tests
/// run on a clock they move by hand. Not `Swift.Clock` (whose name it would shadow): every time here
/// is seconds as a `Double`, as the API speaks them, and nothing sleeps on it.
public protocol TimeSource: Sendable {
    /// Monotonic seconds from an arbitrary origin: timeouts, durations, a wall-clock session's time.
    func now() -> Double
    /// Seconds since 1970: the `Date` header, and a wall-clock session's age across restarts.
    func epoch() -> Double
}

/// A time source made of two functions: fixed or hand-moved times in tests and benchmarks.
public struct FunctionTimeSource: TimeSource {
    private let monotonic: @Sendable () -> Double
    private let wall: @Sendable () -> Double

    /// `epoch` defaults to `now`.
    public init(now: @escaping @Sendable () -> Double, epoch: (@Sendable () -> Double)? = nil) {
        monotonic = now
        wall = epoch ?? now
    }

    public func now() -> Double { monotonic() }
    public func epoch() -> Double { wall() }
}
