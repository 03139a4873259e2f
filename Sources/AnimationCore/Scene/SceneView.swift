/// One view of a scene document: a control (or a plain `UIView` when `control` is nil) placed in
/// its parent's coordinate space, with the `UIView` and `UIScrollView` switches that decide where
/// touches go and what is drawn (docs/scenes.md). The caller resolves controls (AnimationCore
/// knows no registry); `Scene` checks the whole tree.
public struct SceneView: Sendable {
    public var id: String
    /// The control this view shows and runs; nil for a plain view (a container that draws nothing).
    public var control: ControlInstance?
    /// Where the view sits in its parent's content (the window's coordinates for a top-level view).
    public var frame: Rect
    public var isHidden = false
    /// Multiplies the opacity of everything the view and its children draw; below 0.01 the view
    /// is not hit (UIKit's `alpha`).
    public var alpha = 1.0
    public var isUserInteractionEnabled = true
    /// nil: UIKit's default, true for a scroll view (`UIScrollView.init` sets it) and false for any other.
    public var clipsToBounds: Bool?
    /// nil: UIKit's default, true for a scroll view and false for any other.
    public var isMultipleTouchEnabled: Bool?
    public var isExclusiveTouch = false
    /// A scroll view's: hold its content's touch-down for 0.15 s to see whether the finger scrolls.
    public var delaysContentTouches = true
    /// A scroll view's: its pan may begin when content already has the touch (if the content agrees).
    public var canCancelContentTouches = true
    /// A scroll view's: a drag in one general direction scrolls only that axis.
    public var isDirectionalLockEnabled = false
    /// A container that moves with a drag in its descendant scroll view (a sheet): an upward drag
    /// there moves it up to its largest extent before the content scrolls
    /// (`UISheetPresentationController.prefersScrollingExpandsWhenScrolledToEdge`).
    public var prefersScrollingExpandsWhenScrolledToEdge = true
    /// What a containing scroll view's `touchesShouldCancel(in:)` answers for this view; nil:
    /// UIKit's default, false for an enabled control and true for any other view.
    public var touchesShouldCancel: Bool?
    /// Views whose recognisers may recognise together with this view's (the delegate's
    /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` answering true, from either side).
    public var recognizesSimultaneouslyWith: [String] = []
    /// Children stacked along an axis by a property of theirs (a list closing the gap of a
    /// deleted row); nil: each child stays at its frame.
    public var stack: SceneStack?
    /// This view's taps, pans and long presses that wait for another view's recogniser to fail (`require(toFail:)`).
    public var requireToFail: [FailureRequirement] = []
    /// Back to front.
    public var children: [SceneView]

    /// `recognizer.require(toFail: other)`: the tap `recognizer` of this view's control waits for
    /// the recogniser `otherRecognizer` of view `view` while that one is deciding.
    public struct FailureRequirement: Sendable, Equatable {
        public var recognizer: String
        public var view: String
        public var otherRecognizer: String

        public init(recognizer: String, view: String, otherRecognizer: String) {
            self.recognizer = recognizer
            self.view = view
            self.otherRecognizer = otherRecognizer
        }
    }

    public init(id: String, control: ControlInstance? = nil, frame: Rect, children: [SceneView] = []) {
        self.id = id
        self.control = control
        self.frame = frame
        self.children = children
    }
}

/// A view's children stacked along `axis` (docs/scenes.md#stacks): each child keeps its frame but
/// moves along the axis by what the children before it have lost of their frame's extent, a
/// child's extent now being its control's number `property` (a child without one keeps its
/// frame's). A row collapsing to 0 height draws the rows below up with it, as `UITableView`'s
/// `deleteRows(at:with:)` closes the gap; with nothing collapsed, every frame is as written.
public struct SceneStack: Sendable, Equatable {
    public enum Axis: String, Sendable, CaseIterable { case x, y }
    public var axis: Axis
    public var property: String

    public init(axis: Axis, property: String) {
        self.axis = axis
        self.property = property
    }
}
