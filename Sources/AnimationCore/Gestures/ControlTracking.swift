/// `UIControl` as a whole: touch tracking over its bounds (`ControlTracker`) together with the
/// `isHighlighted`, `isSelected` and `isEnabled` state it drives (docs/fidelity.md, touch tracking).
///
/// - a touch-down inside highlights; leaving the bounds grown by the slop un-highlights, coming
///   back re-highlights; touch-up or cancel un-highlights;
/// - a touch that ends back inside after leaving shows the highlight for `minimumHighlight`
///   (the owner schedules the `unhighlight()` this asks for, and drops it on the next touch-down);
/// - `changesSelectionAsPrimaryAction` toggles `isSelected` on touch-up inside;
/// - a disabled control ignores new touches; disabling drops the highlight and the touch.
public struct ControlTracking: Sendable, Equatable {
    public private(set) var tracker: ControlTracker
    public private(set) var isHighlighted = false
    public private(set) var isSelected: Bool
    public private(set) var isEnabled: Bool
    public var changesSelectionAsPrimaryAction: Bool

    /// The control events definitions react to: the tracker's, and `primaryActionTriggered`,
    /// sent right after `touchUpInside` (as UIButton does).
    public enum Event: String, Sendable, CaseIterable {
        case touchDown, touchDragEnter, touchDragExit, touchDragInside, touchDragOutside
        case touchUpInside, touchUpOutside, touchCancel, primaryActionTriggered

        /// The position in `allCases`.
        var index: UInt8 {
            switch self {
            case .touchDown: 0
            case .touchDragEnter: 1
            case .touchDragExit: 2
            case .touchDragInside: 3
            case .touchDragOutside: 4
            case .touchUpInside: 5
            case .touchUpOutside: 6
            case .touchCancel: 7
            case .primaryActionTriggered: 8
            }
        }

        init(_ event: ControlTracker.Event) {
            switch event {
            case .touchDown: self = .touchDown
            case .touchDragEnter: self = .touchDragEnter
            case .touchDragExit: self = .touchDragExit
            case .touchDragInside: self = .touchDragInside
            case .touchDragOutside: self = .touchDragOutside
            case .touchUpInside: self = .touchUpInside
            case .touchUpOutside: self = .touchUpOutside
            case .touchCancel: self = .touchCancel
            }
        }
    }

    public struct Outcome: Sendable, Equatable {
        /// The tracker's events in order (the owner sends `primaryActionTriggered` after each `touchUpInside`).
        public var events: [ControlTracker.Event] = []
        /// Highlighted, selected or enabled changed (the update handler runs once).
        public var stateChanged = false
        /// Un-highlight at this time (the minimum highlight of a touch that ended back inside).
        public var unhighlightAt: Double?
        /// A new touch owns the highlight: a pending un-highlight no longer applies.
        public var cancelsUnhighlight = false
    }

    public init(bounds: Rect, slop: Double = ControlTracker.defaultSlop, selected: Bool = false, enabled: Bool = true,
                changesSelectionAsPrimaryAction: Bool = false) {
        tracker = ControlTracker(bounds: bounds, slop: slop)
        isSelected = selected
        isEnabled = enabled
        self.changesSelectionAsPrimaryAction = changesSelectionAsPrimaryAction
    }

    public var isTracking: Bool { tracker.isTracking }

    public var isTouchInside: Bool { tracker.phase == .tracking(inside: true) }

    /// Where the control is hit (its bounds may move with the control, so the owner sets them per touch).
    public var bounds: Rect {
        get { tracker.bounds }
        set { tracker.bounds = newValue }
    }

    /// Feeds one touch at `t`. `begins` is what the control's `beginTrackingWithTouch:` answers
    /// for a touch-down: false and UIControl neither tracks, highlights nor sends `touchDown`.
    public mutating func handle(_ touch: Touch, at t: Double, begins: Bool = true) -> Outcome {
        let tracked = tracker.handle(touch, enabled: isEnabled, begins: begins, highlighted: isHighlighted)
        var outcome = Outcome()
        var highlighted = tracked.highlighted ?? isHighlighted
        var selected = isSelected
        if tracked.flashHighlight {
            highlighted = true
            outcome.unhighlightAt = t + ControlTracker.minimumHighlight
        }
        if tracked.events.contains(.touchDown) { outcome.cancelsUnhighlight = true }
        if tracked.events.contains(.touchUpInside) && changesSelectionAsPrimaryAction { selected.toggle() }
        outcome.stateChanged = update(highlighted: highlighted, selected: selected, enabled: isEnabled)
        outcome.events = tracked.events
        return outcome
    }

    /// The minimum highlight is over; true when that changed the state.
    public mutating func unhighlight() -> Bool {
        update(highlighted: false, selected: isSelected, enabled: isEnabled)
    }

    public mutating func setSelected(_ selected: Bool) -> Bool {
        update(highlighted: isHighlighted, selected: selected, enabled: isEnabled)
    }

    /// A disabled control drops its highlight and any touch it was tracking.
    public mutating func setEnabled(_ enabled: Bool) -> Bool {
        if !enabled { tracker = ControlTracker(bounds: tracker.bounds, slop: tracker.slop) }
        return update(highlighted: enabled && isHighlighted, selected: isSelected, enabled: enabled)
    }

    private mutating func update(highlighted: Bool, selected: Bool, enabled: Bool) -> Bool {
        guard highlighted != isHighlighted || selected != isSelected || enabled != isEnabled else { return false }
        isHighlighted = highlighted
        isSelected = selected
        isEnabled = enabled
        return true
    }
}
