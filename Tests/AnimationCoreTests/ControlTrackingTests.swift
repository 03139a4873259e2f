import Testing
@testable import AnimationCore

/// `ControlTracking`, the UIControl primitive definitions' `control` inputs use
/// (docs/fidelity.md#control-tracking): highlight over the bounds grown by the 70 pt slop, drag
/// enter/exit, the 0.12 s minimum highlight of a touch that ends back inside, selection as the
/// primary action, and disabling.
@Suite("ControlTracking: UIControl's highlight, selection and enabled state over a tracker")
struct ControlTrackingTests {
    static let bounds = Rect(x: 0, y: 0, width: 100, height: 40)

    static func down(_ x: Double, _ y: Double) -> Touch { .down(Point(x: x, y: y)) }
    static func move(_ x: Double, _ y: Double) -> Touch { .move(Point(x: x, y: y)) }
    static func up(_ x: Double, _ y: Double) -> Touch { .up(Point(x: x, y: y)) }

    @Test func aTouchDownInsideHighlightsAndOwnsTheHighlight() {
        var control = ControlTracking(bounds: Self.bounds)
        let outcome = control.handle(Self.down(50, 20), at: 0)
        #expect(outcome.events == [.touchDown])
        #expect(outcome.stateChanged && outcome.cancelsUnhighlight && outcome.unhighlightAt == nil)
        #expect(control.isHighlighted && control.isTracking && control.isTouchInside)
    }

    @Test func aTouchDownOutsideIsNotTheControls() {
        var control = ControlTracking(bounds: Self.bounds)
        let outcome = control.handle(Self.down(101, 20), at: 0)
        #expect(outcome == ControlTracking.Outcome())
        #expect(!control.isTracking && !control.isHighlighted)
    }

    @Test("Dragging past the 70 pt slop un-highlights; coming back re-highlights")
    func dragExitAndEnter() {
        var control = ControlTracking(bounds: Self.bounds)
        _ = control.handle(Self.down(50, 20), at: 0)
        let stillInside = control.handle(Self.move(169.9, 20), at: 0.1)       // 69.9 pt past the right edge
        #expect(stillInside.events == [.touchDragInside] && !stillInside.stateChanged && control.isHighlighted)
        let exit = control.handle(Self.move(170.1, 20), at: 0.2)
        #expect(exit.events == [.touchDragExit, .touchDragOutside] && exit.stateChanged && !control.isHighlighted)
        let enter = control.handle(Self.move(50, 109), at: 0.3)               // 69 pt below the bottom edge
        #expect(enter.events == [.touchDragEnter, .touchDragInside] && enter.stateChanged && control.isHighlighted)
    }

    @Test func aTouchUpInsideUnhighlightsAndTogglesSelectionWhenThatIsThePrimaryAction() {
        var control = ControlTracking(bounds: Self.bounds, changesSelectionAsPrimaryAction: true)
        _ = control.handle(Self.down(50, 20), at: 0)
        let up = control.handle(Self.up(50, 20), at: 0.1)
        #expect(up.events == [.touchUpInside] && up.stateChanged)
        #expect(!control.isHighlighted && control.isSelected && !control.isTracking)
        // Released outside: no toggle.
        _ = control.handle(Self.down(50, 20), at: 1)
        let outside = control.handle(Self.up(300, 20), at: 1.1)
        #expect(outside.events == [.touchDragExit, .touchUpOutside])
        #expect(control.isSelected)
    }

    @Test("A touch that left and is released back inside flashes the highlight for 0.12 s")
    func minimumHighlight() {
        var control = ControlTracking(bounds: Self.bounds)
        _ = control.handle(Self.down(50, 20), at: 0)
        _ = control.handle(Self.move(300, 20), at: 0.1)
        #expect(!control.isHighlighted)
        let up = control.handle(Self.up(50, 20), at: 0.25)
        #expect(up.events == [.touchDragEnter, .touchUpInside])
        #expect(up.unhighlightAt == 0.37 && up.stateChanged && control.isHighlighted)
        let unhighlighted = control.unhighlight()
        #expect(unhighlighted && !control.isHighlighted)
        let again = control.unhighlight()
        #expect(!again)                                                        // nothing left to change
    }

    @Test func aCancelUnhighlightsAndEndsTheTouch() {
        var control = ControlTracking(bounds: Self.bounds)
        _ = control.handle(Self.down(50, 20), at: 0)
        let cancel = control.handle(.cancel, at: 0.1)
        #expect(cancel.events == [.touchCancel] && cancel.stateChanged && !control.isHighlighted && !control.isTracking)
    }

    @Test func aDisabledControlIgnoresTouchesAndDisablingDropsTheTouch() {
        var control = ControlTracking(bounds: Self.bounds)
        _ = control.handle(Self.down(50, 20), at: 0)
        let disabled = control.setEnabled(false)
        #expect(disabled && !control.isHighlighted && !control.isTracking && !control.isEnabled)
        #expect(control.handle(Self.up(50, 20), at: 0.1).events.isEmpty)       // the dropped touch
        #expect(control.handle(Self.down(50, 20), at: 0.2).events.isEmpty)     // disabled
        let disabledAgain = control.setEnabled(false), enabled = control.setEnabled(true)
        #expect(!disabledAgain && enabled)
        #expect(control.handle(Self.down(50, 20), at: 0.3).events == [.touchDown])
    }

    @Test func settingTheSelectionReportsOnlyAChange() {
        var control = ControlTracking(bounds: Self.bounds, selected: true)
        let same = control.setSelected(true), changed = control.setSelected(false)
        #expect(!same && changed && !control.isSelected)
    }

    @Test func theBoundsMoveWithTheControl() {
        var control = ControlTracking(bounds: Self.bounds)
        control.bounds = Rect(x: 0, y: 500, width: 100, height: 40)
        #expect(control.handle(Self.down(50, 20), at: 0).events.isEmpty)
        #expect(control.handle(Self.down(50, 520), at: 0).events == [.touchDown])
    }
}
