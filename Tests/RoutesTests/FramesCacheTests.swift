import Testing
@testable import Routes

/// Frames answers kept by session, log length and window must never be stale: every answer with
/// the cache on is byte for byte the answer of the same app with it off, through events,
/// commands, wall-clock time passing and deletion; and the cache stays within its bound.
@Suite("Frames cache")
struct FramesCacheTests {
    private func cacheOff() -> TestApp { TestApp.with { $0.framesCacheBytes = 0 } }

    /// The same requests to both apps, in the same order, at the same clock times.
    private func sameAnswers(_ steps: [(advance: Double, method: String, target: String, body: String?)]) {
        let cached = TestApp(), uncached = cacheOff()
        for (index, step) in steps.enumerated() {
            cached.clock.advance(by: step.advance)
            uncached.clock.advance(by: step.advance)
            let a = cached.send(step.method, step.target, body: step.body)
            let b = uncached.send(step.method, step.target, body: step.body)
            #expect(a.status == b.status && a.body == b.body && a.headers == b.headers,
                    "step \(index) \(step.method) \(step.target): \(a.status) \(a.text.prefix(200)) vs \(b.status) \(b.text.prefix(200))")
        }
    }

    @Test func answersAreTheUncachedOnesThroughEventsAndCommands() {
        let window = "/v1/sessions/id-1/frames?from=0&to=1&fps=60"
        sameAnswers([
            (0, "POST", "/v1/sessions", #"{"control":"card"}"#),
            (0, "GET", window, nil),
            (0, "GET", window, nil),
            (0, "POST", "/v1/sessions/id-1/events", #"{"type":"tap","t":0,"x":195,"y":800}"#),
            (0, "GET", window, nil),
            (0, "GET", window, nil),
            (0, "GET", "/v1/sessions/id-1/frames?from=0&to=1&fps=30", nil),
            (0, "GET", "/v1/sessions/id-1/frames?fps=60&to=1&from=0", nil),
            (0, "POST", "/v1/sessions/id-1/events", #"{"type":"tap","t":0.4,"x":195,"y":300}"#),
            (0, "GET", window, nil),
            (0, "GET", "/v1/sessions/id-1/frames?from=0&to=settled&fps=60", nil),
            (0, "GET", window + "&format=css", nil),
            (0, "DELETE", "/v1/sessions/id-1", nil),
            (0, "GET", window, nil),
        ])
    }

    /// A wall-clock session's default window starts at its present, which moves: never kept.
    @Test func aWindowAtTheWallClocksPresentFollowsTheClock() {
        sameAnswers([
            (0, "POST", "/v1/sessions", #"{"control":"switch","clock":"wall"}"#),
            (0.1, "POST", "/v1/sessions/id-1/events", #"{"type":"tap","x":25,"y":15}"#),
            (0, "GET", "/v1/sessions/id-1/frames?fps=10", nil),
            (0.05, "GET", "/v1/sessions/id-1/frames?fps=10", nil),
            (0.3, "GET", "/v1/sessions/id-1/frames?fps=10", nil),
            (0, "GET", "/v1/sessions/id-1/frames?from=0&to=0.5&fps=10", nil),
            (0.2, "GET", "/v1/sessions/id-1/frames?from=0&to=0.5&fps=10", nil),
        ])
    }

    private func key(_ n: Int, events: Int = 0) -> FramesCache.Key {
        FramesCache.Key(sequence: 7, id: SessionKey("id-1"), events: events, from: Double(n).bitPattern,
                        to: Double(n + 1).bitPattern, fps: Double(10).bitPattern)
    }

    @Test func aKeptAnswerIsFoundUnderItsKeyOnly() {
        let cache = FramesCache(capacity: 1 << 20)
        #expect(cache.body(for: key(0)) == nil)
        cache.store([1, 2, 3], for: key(0))
        #expect(cache.body(for: key(0)) == [1, 2, 3])
        #expect(cache.body(for: key(0, events: 1)) == nil, "another log length is another answer")
        #expect(cache.body(for: key(1)) == nil, "another window is another answer")
    }

    @Test func theCacheKeepsWithinItsBoundOldestFirst() {
        let cache = FramesCache(capacity: 1_000)
        for n in 0..<10 { cache.store([UInt8](repeating: UInt8(n), count: 200), for: key(n)) }
        #expect(cache.bytes == 1_000)
        #expect(cache.body(for: key(4)) == nil, "the oldest went first")
        #expect(cache.body(for: key(5)) == [UInt8](repeating: 5, count: 200))
        #expect(cache.body(for: key(9)) == [UInt8](repeating: 9, count: 200))
        cache.store([UInt8](repeating: 0, count: 251), for: key(20))
        #expect(cache.body(for: key(20)) == nil, "an answer over a quarter of the bound is not kept")
        let off = FramesCache(capacity: 0)
        off.store([1], for: key(1))
        #expect(off.body(for: key(1)) == nil && off.bytes == 0)
    }
}
