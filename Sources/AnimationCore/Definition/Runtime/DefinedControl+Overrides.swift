extension ControlOverrides {
    /// The tracking override UIControl calls just before `event`, the `position`-th of what one
    /// touch made: `beginTracking` before `touchDown`, `continueTracking` before the first event
    /// of a move (whose events end in a drag inside or outside), `endTracking` before the touch-up.
    func list(before event: ControlTracking.Event, at position: Int, of events: [ControlTracker.Event]) -> ReactionList? {
        let list: ReactionList
        switch event {
        case .touchDown: list = begin
        case .touchUpInside, .touchUpOutside: list = end
        default:
            guard position == 0, events.last == .touchDragInside || events.last == .touchDragOutside else { return nil }
            list = proceed
        }
        return list.isEmpty ? nil : list
    }
}

extension DefinedControl {
    /// `beginTrackingWithTouch:`'s answer for a touch-down at `location`.
    func beginsTracking(_ overrides: ControlOverrides, at location: Point, _ t: Double) -> Bool {
        guard let begins = overrides.begins else { return true }
        return Registers.with(count: frameSize) { r in
            r[0] = location.x
            r[1] = location.y
            instance.run(begins.program, r, source: self, at: t)
            return r[begins.result] != 0
        }
    }

    /// A tracking override's reactions, with the touch's location in `event.location`.
    mutating func runOverride(_ list: ReactionList, _ point: Point, _ r: Registers,
                              at t: Double, emit: inout [Emission]) throws(ControlError) {
        r[0] = point.x
        r[1] = point.y
        try run(list, r, at: t, emit: &emit)
    }
}
