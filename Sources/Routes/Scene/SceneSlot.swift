import AnimationCore
import Synchronization

/// One live scene session (docs/scenes.md): a scene and its inputs under a lock of its own, as
/// a session's `SessionSlot` holds a control's.
final class SceneSlot: Sendable {
    let id: String
    let clock: SessionClock
    /// Creation order, shared with sessions (`SessionStore.Table.takeSequence`).
    let sequence: UInt32
    /// `AppEnvironment.now()` at creation: a wall-clock scene's time origin.
    let createdAt: Double
    let document: SceneDocument
    let record: Mutex<Record>

    struct Record: Sendable {
        var timeline: SceneTimeline
        /// False while its creation is being journalled.
        var visible: Bool
        var lastAccess: Double
    }

    init(id: String, clock: SessionClock, sequence: UInt32, createdAt: Double, document: SceneDocument,
         timeline: SceneTimeline, lastAccess: Double, visible: Bool = true) {
        self.id = id
        self.clock = clock
        self.sequence = sequence
        self.createdAt = createdAt
        self.document = document
        record = Mutex(Record(timeline: timeline, visible: visible, lastAccess: lastAccess))
    }

    /// Scene time: the last input's on a virtual clock, seconds since creation on a wall clock.
    func time(lastEvent: Double, now: Double) -> Double {
        clock == .virtual ? lastEvent : max(now - createdAt, lastEvent)
    }
}
