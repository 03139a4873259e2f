import AnimationCore
import Synchronization

/// `GET /v1/sessions/{id}/stream`: Server-Sent Events of a session's frames at a steady rate.
///
/// A wall-clock session streams its present: frame k at the session time the stream started
/// plus k/fps, sent when that time comes. A virtual-clock session streams from `from` (default
/// its time) at real-time pace, up to `to` when given. Frames the client was too slow for are
/// skipped, never queued. Emissions go as their own `emitted` events; a comment line keeps
/// a quiet stream alive; `end` says why the stream stopped (the session was deleted or expired,
/// or `to` was reached). Streaming does not count as using the session: one left idle expires.
struct StreamAPI: Sendable {
    let environment: AppEnvironment
    let store: SessionStore

    var routes: [Router.Route] {
        [.init("GET", "/v1/sessions/{id}/stream", stream)]
    }

    func stream(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        let query = try Query(context.request.queryString, allowed: ["fps", "from", "to"])
        let now = environment.now()
        // A scene streams as a session does (its frames and emissions are a scene's).
        let source: SessionStream.Source, clock: SessionClock, present: Double
        if let scene = store.scene(context.id, now: now) {
            let timeline = scene.record.withLock { $0.timeline }
            (source, clock, present) = (.scene(scene, store), scene.clock, scene.time(lastEvent: timeline.time, now: now))
        } else {
            let slot = try store.servable(context.id, now: now) { Problem(404, "session_not_found", "no session '\(context.id)'") }
            let session = slot.record.withLock { $0.session }
            (source, clock, present) = (.session(slot, store), slot.clock, slot.time(of: session, now: now))
        }
        let fps = try query.number("fps") ?? 60
        let limit = environment.limits.maxStreamFPS
        guard fps > 0, fps <= limit else {
            throw Problem(400, "invalid_query", "'fps' must be greater than 0 and at most \(Int(limit))", field: "fps")
        }
        let from = try query.number("from") ?? present
        let to = try query.number("to")
        if clock == .wall, query.string("from") != nil || to != nil {
            throw Problem(400, "invalid_query", "a wall-clock session streams its present; 'from' and 'to' are for virtual-clock sessions",
                          field: query.string("from") != nil ? "from" : "to")
        }
        guard from >= 0, from <= EventCodec.maximumTime else {
            throw Problem(400, "invalid_query", "'from' must be between 0 and \(Int(EventCodec.maximumTime))", field: "from")
        }
        if let to {
            guard to <= EventCodec.maximumTime else {
                throw Problem(400, "invalid_query", "'to' must be at most \(Int(EventCodec.maximumTime))", field: "to")
            }
            guard to >= from else { throw Problem(400, "invalid_query", "'to' must not be before 'from'", field: "to") }
        }
        let stream = SessionStream(source: source, fps: fps, sessionStart: from, end: to,
                                   streamStart: now, heartbeat: environment.limits.streamHeartbeat)
        var headers = HTTPHeaders([("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")])
        headers.add("X-Accel-Buffering", "no")
        return HTTPResponse(status: 200, headers: headers, stream: stream)
    }
}

/// One client's stream of one session (or scene).
final class SessionStream: ResponseStream {
    /// What the stream reads of its session: whether it is still live; the emissions with
    /// from ≤ t ≤ to, each with its JSON, and the frame at `to` as JSON.
    struct Source: Sendable {
        let isLive: @Sendable (_ now: Double) -> Bool
        let read: @Sendable (_ from: Double, _ to: Double) -> (emitted: [(t: Double, json: [UInt8])], frame: [UInt8])

        static func session(_ slot: SessionSlot, _ store: SessionStore) -> Source {
            Source(isLive: { store.isLive(slot, now: $0) }) { from, to in
                let session = slot.record.withLock { $0.session }
                let emitted = session.emissions(from: from, to: to).map { emission in
                    var w = JSONWriter(reservingCapacity: 256)
                    FrameEncoder.encode(emission, into: &w)
                    return (emission.t, w.bytes)
                }
                var w = JSONWriter(reservingCapacity: 1024)
                FrameEncoder.encode(session.frame(at: to), into: &w)
                return (emitted, w.bytes)
            }
        }

        static func scene(_ slot: SceneSlot, _ store: SessionStore) -> Source {
            Source(isLive: { store.isLive(slot, now: $0) }) { from, to in
                let timeline = slot.record.withLock { $0.timeline }
                let emitted = timeline.emissions(from: from, to: to).map { emission in
                    var w = JSONWriter(reservingCapacity: 256)
                    FrameEncoder.encode(emission.emission, view: emission.view, into: &w)
                    return (emission.emission.t, w.bytes)
                }
                var w = JSONWriter(reservingCapacity: 4096)
                SceneFrameEncoder.encode(timeline.frame(at: to), into: &w)
                return (emitted, w.bytes)
            }
        }
    }

    let source: Source
    let fps: Double
    /// Session time of frame 0.
    let sessionStart: Double
    /// Session time after which the stream ends (virtual clock only).
    let end: Double?
    /// `now()` when the stream began: session time advances with it.
    let streamStart: Double
    let heartbeat: Double
    private let progress: Mutex<Progress>

    struct Progress {
        /// The next frame index to send.
        var next = 0
        /// Emissions up to this session time have been sent.
        var emittedThrough: Double?
        /// When bytes were last sent (a heartbeat is owed after `heartbeat` seconds of quiet).
        var lastWrite: Double
        var cancelled = false
    }

    init(source: Source, fps: Double, sessionStart: Double, end: Double?, streamStart: Double, heartbeat: Double) {
        self.source = source
        self.fps = fps
        self.sessionStart = sessionStart
        self.end = end
        self.streamStart = streamStart
        self.heartbeat = heartbeat
        progress = Mutex(Progress(lastWrite: streamStart))
    }

    func cancel() {
        progress.withLock { $0.cancelled = true }
    }

    /// The server is stopping: the promised last event says so.
    func finish(now: Double) -> [UInt8] {
        progress.withLock { state in
            state.cancelled ? [] : Self.event("end", #"{"reason":"server_stopping"}"#)
        }
    }

    func poll(now: Double) -> StreamPoll {
        progress.withLock { state in
            guard !state.cancelled else { return StreamPoll(bytes: [], next: nil) }
            guard source.isLive(now) else {
                return StreamPoll(bytes: Self.event("end", #"{"reason":"session_gone"}"#), next: nil)
            }
            let due = Int(((now - streamStart) * fps + 1e-9).rounded(.down))
            let nextFrameTime = streamStart + Double(state.next) / fps
            guard due >= state.next else {
                // Called before the next frame is due: only a heartbeat may be owed.
                let quietSince = state.lastWrite
                if now - quietSince >= heartbeat {
                    state.lastWrite = now
                    return StreamPoll(bytes: Array(": heartbeat\n\n".utf8), next: min(nextFrameTime, now + heartbeat))
                }
                return StreamPoll(bytes: [], next: min(nextFrameTime, quietSince + heartbeat))
            }
            // The newest frame whose time has come; frames the client was too slow for are skipped.
            var k = due
            var finished = false
            if let end {
                // The same last index as GET frames: t_k ≤ to within 1e-9 s.
                let last = Session.frameCount(from: sessionStart, to: end, fps: fps) - 1
                if k >= last {
                    k = max(last, state.next)
                    finished = true
                }
            }
            let t = FrameGrid(from: sessionStart, fps: fps).time(k)
            var bytes: [UInt8] = []
            let through = state.emittedThrough
            let (emitted, frame) = source.read(through ?? sessionStart, t)
            for emission in emitted where through.map({ emission.t > $0 }) ?? true {
                bytes += Self.event("emitted", emission.json)
            }
            bytes += Self.event("frame", frame, id: k)
            state.emittedThrough = t
            state.next = k + 1
            state.lastWrite = now
            if finished {
                bytes += Self.event("end", #"{"reason":"to_reached"}"#)
                return StreamPoll(bytes: bytes, next: nil)
            }
            return StreamPoll(bytes: bytes, next: min(streamStart + Double(k + 1) / fps, now + heartbeat))
        }
    }

    static func event(_ name: String, _ data: String, id: Int? = nil) -> [UInt8] {
        event(name, Array(data.utf8), id: id)
    }

    /// `event: name`, optional `id:`, one `data:` line (JSON has no raw newlines), blank line.
    static func event(_ name: String, _ data: [UInt8], id: Int? = nil) -> [UInt8] {
        var bytes = Array("event: \(name)\n".utf8)
        if let id { bytes += Array("id: \(id)\n".utf8) }
        bytes += Array("data: ".utf8)
        bytes += data
        bytes += [10, 10]
        return bytes
    }
}
