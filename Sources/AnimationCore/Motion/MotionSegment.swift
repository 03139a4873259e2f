/// A motion known in closed form: where a value is, and how fast it moves, at any session time.
///
/// Segments are values built once, when the motion starts (a finger lifts, a command arrives);
/// sampling never integrates, so every frame rate sees the same numbers at the same times.
public protocol MotionSegment: Sendable {
    /// The value and its velocity (units per second) at session time `t`. Before the segment
    /// starts it reports its start; from `endTime` on, its rest value and no velocity.
    func sample(at t: Double) -> (value: Double, velocity: Double)

    /// The session time from which the value rests.
    var endTime: Double { get }
}

extension MotionSegment {
    public func value(at t: Double) -> Double { sample(at: t).value }}
