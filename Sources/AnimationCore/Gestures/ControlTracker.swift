/// `UIControl` touch tracking (docs/fidelity.md#control-tracking): highlight on touch-down, a 70 pt slop for
/// "mostly inside", drag enter/exit, and touch-up inside or outside.
public struct ControlTracker: Sendable, Equatable {
    /// UIKit's reported `_UIControlMostlyInsideEdgeInsets` (community measurement).
    public static let defaultSlop = 70.0
    /// Shortest highlight flash when a touch ends back inside after leaving (`_unhighlight` delay).
    public static let minimumHighlight = 0.12

    public var bounds: Rect
    public var slop: Double
    public private(set) var phase: Phase = .idle

    public enum Phase: Sendable, Equatable {
        case idle
        case tracking(inside: Bool)
    }

    /// The control events UIKit sends, in order.
    public enum Event: String, Sendable {
        case touchDown, touchDragEnter, touchDragExit, touchDragInside, touchDragOutside
        case touchUpInside, touchUpOutside, touchCancel
    }

    public struct Outcome: Sendable, Equatable {
        public var events: [Event] = []
        /// The highlight the control should show now, when it changes.
        public var highlighted: Bool?
        /// Show the highlight now and drop it after `minimumHighlight` (touch-up back inside).
        public var flashHighlight = false
    }

    public init(bounds: Rect, slop: Double = ControlTracker.defaultSlop) {
        self.bounds = bounds
        self.slop = slop
    }

    public var isTracking: Bool { phase != .idle }

    public func isMostlyInside(_ p: Point) -> Bool {
        bounds.contains(p) || bounds.expanded(by: slop).contains(p)
    }

    /// Feeds one touch; a disabled control ignores new touches (pass `enabled: false`), and so
    /// does one whose `beginTrackingWithTouch:` declines a touch-down (pass `begins: false`).
    public mutating func handle(_ touch: Touch, enabled: Bool = true, begins: Bool = true, highlighted: Bool) -> Outcome {
        var outcome = Outcome()
        switch (touch, phase) {
        case let (.down(p), .idle):
            guard enabled, begins, bounds.contains(p) else { return outcome }
            phase = .tracking(inside: true)
            outcome.events = [.touchDown]
            outcome.highlighted = true
        case let (.move(p), .tracking(wasInside)):
            let inside = isMostlyInside(p)
            phase = .tracking(inside: inside)
            if inside != wasInside {
                outcome.events.append(inside ? .touchDragEnter : .touchDragExit)
                outcome.highlighted = inside
            }
            outcome.events.append(inside ? .touchDragInside : .touchDragOutside)
        case let (.up(p), .tracking(wasInside)):
            let inside = isMostlyInside(p)
            phase = .idle
            if inside != wasInside { outcome.events.append(inside ? .touchDragEnter : .touchDragExit) }
            outcome.events.append(inside ? .touchUpInside : .touchUpOutside)
            if inside && !highlighted {
                outcome.flashHighlight = true
            } else if highlighted {
                outcome.highlighted = false
            }
        case (.cancel, .tracking):
            phase = .idle
            outcome.events = [.touchCancel]
            outcome.highlighted = false
        default:
            // A move or up without a tracked touch, or a second down: not this control's touch.
            break
        }
        return outcome
    }
}
