/// The sheet's `MinimumSheetSwipeInterval` (docs/scenes.md#a-sheet-and-its-list; source in
/// docs/fidelity.md#scenes): `_UISheetInteraction._shouldInteractWithDescendentScrollView:`
/// leaves a drag of its list to the list alone when that list's previous pan ended less than
/// 0.4 s before this one begins, unless the sheet is still moving (its animator animating).
/// A second quick swipe of a list that has just come to its top therefore scrolls (and
/// rubber-bands) the list instead of pulling a resting sheet down.
extension SceneState {
    /// UIKit's `MinimumSheetSwipeInterval` default.
    public static let minimumSheetSwipeInterval = 0.4

    /// The scroll view's parent is its refresh control (a container declaring `isRefreshControl`):
    /// UIKit's sheet does not interact with a scroll view that has a `refreshControl`.
    func hasRefreshControl(_ scrollView: Int) -> Bool {
        guard let parent = scene.nodes[scrollView].parent else { return false }
        return scene.nodes[parent].content?.isRefreshControl == true
    }

    /// Scroll views whose pan recognised for touch `k`, which ends now: their pan ended at `t`.
    mutating func recordPanEnds(_ k: Int, at t: Double) {
        for participant in touches[k].participants where participant.status == .recognized && scene.nodes[participant.view].isScrollView {
            panEnds.removeAll { $0.view == participant.view }
            panEnds.append(PanEnd(view: participant.view, t: t))
        }
    }

    /// Scroll view `scrollView`'s pan begins at `t` within 0.4 s of its previous one's end, and
    /// `container` is at rest: the container does not take part in this drag.
    func swipedTooSoon(_ scrollView: Int, container: Int, at t: Double) -> Bool {
        guard let end = panEnds.last(where: { $0.view == scrollView })?.t, t - end < Self.minimumSheetSwipeInterval,
              let control = controls[container] else { return false }
        if case let .until(settles) = control.rest, settles > t { return false }
        return true
    }
}
