import AnimationCore

/// The sample times `from + k/fps` for every k with that time ≤ `to` (times by index, never
/// accumulated; `FrameGrid`), read from a query and bounded the same way for frames and curves.
struct SampleWindow: Sendable, Equatable {
    let from: Double
    let to: Double
    let fps: Double
    let count: Int

    /// The `to` that ends a window when everything has come to rest (`settledAt`).
    static let settled = "settled"

    /// Reads `from`, `to` and `fps`; refuses a window that is backwards, beyond `maximumTo`, or
    /// holds more than `limit` samples (`frame_limit`). `to=settled` ends it at `settledAt`
    /// (or at `from` when that is earlier), where the endpoint knows one; a session that does
    /// not settle by itself answers 409 `not_settling`.
    init(_ query: Query, defaultFrom: Double, defaultSpan: Double, maximumTo: Double = .infinity,
         limit: Int, settledAt: (() -> Double?)? = nil) throws(Problem) {
        let from = try query.number("from") ?? defaultFrom
        let to: Double
        if let settledAt, query.string("to") == Self.settled {
            guard let settled = settledAt() else {
                throw Problem(409, "not_settling",
                              "the session does not come to rest by itself (an animation is paused, or a timer keeps firing); give 'to' as a time",
                              field: "to")
            }
            to = max(settled, from)
        } else {
            to = try query.number("to") ?? from + defaultSpan
        }
        let fps = try query.number("fps") ?? 60
        guard from >= 0, from <= EventCodec.maximumTime else {
            throw Problem(400, "invalid_query", "'from' must be between 0 and \(Int(EventCodec.maximumTime))", field: "from")
        }
        guard to >= from else { throw Problem(400, "invalid_query", "'to' must not be before 'from'", field: "to") }
        guard to <= maximumTo else {
            throw Problem(400, "invalid_query", "'to' must be at most \(Int(maximumTo))", field: "to")
        }
        guard fps > 0 else { throw Problem(400, "invalid_query", "'fps' must be greater than 0", field: "fps") }
        let count = Session.frameCount(from: from, to: to, fps: fps)
        guard count <= limit else {
            throw Problem(400, "frame_limit",
                          "\(count == .max ? "too many" : String(count)) frames requested; at most \(limit) per request (narrow from/to or lower fps)",
                          field: query.string("fps") != nil ? "fps" : "to")
        }
        self.init(from: from, to: to, fps: fps, count: count)
    }

    init(from: Double, to: Double, fps: Double, count: Int) {
        self.from = from
        self.to = to
        self.fps = fps
        self.count = count
    }

    /// The time of sample `k` (`FrameGrid`: the same instant prints the same in every window).
    func time(_ k: Int) -> Double { FrameGrid(from: from, fps: fps).time(k) }

    /// `from 0 s to 1 s at 60 fps`, for titles.
    var description: String {
        let number = { (value: Double) in DecimalText.text(value, decimals: 6) }
        return "from \(number(from)) s to \(number(to)) s at \(number(fps)) fps"
    }
}
