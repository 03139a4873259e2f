/// What a `UIControl` subclass overrides, as a control input declares it (docs/controls.md,
/// control inputs):
///
/// - `beginsTracking`: whether a touch-down begins tracking at all (`beginTrackingWithTouch:
///   withEvent:` answering NO leaves the touch untracked: no highlight, no `touchDown`, nothing
///   until the next touch-down);
/// - reactions at the moments UIControl calls the tracking overrides, which are not control
///   events and are never emitted: `beginTracking` (a touch-down that begins tracking, before
///   `touchDown`), `continueTracking` (every move while tracking, inside or not, before the drag
///   enter/exit and inside/outside events), `endTracking` (the touch-up, after a last enter or
///   exit and before `touchUpInside`/`Outside`). A cancelled touch has `touchCancel`, which
///   `cancelTrackingWithEvent:` sends last;
/// - `primaryActionOnTouchUpInside`: whether `primaryActionTriggered` follows `touchUpInside`
///   (UIButton's `_controlEventsForActionTriggered`). UISlider, UIStepper and
///   UISegmentedControl trigger their primary action with `valueChanged` instead; their
///   definitions emit it themselves and set this to false.
struct ControlOverrides: Sendable {
    /// `beginsTracking`: a program over the touch's location (registers 0 and 1) and the state,
    /// and the register of its answer; nil when every touch-down inside begins.
    var begins: (program: Program, result: Int)?
    var begin: ReactionList
    var proceed: ReactionList
    var end: ReactionList
    var primaryActionOnTouchUpInside: Bool

    static let none = ControlOverrides(begins: nil, begin: .empty, proceed: .empty, end: .empty,
                                       primaryActionOnTouchUpInside: true)

    /// The keys of a control input's `on` that name tracking overrides rather than events.
    static let events = ["beginTracking", "continueTracking", "endTracking"]

    /// The reaction lists, in `events`' order.
    var lists: [ReactionList] { [begin, proceed, end] }
}

extension DefinitionLoader {
    /// A control input's overrides; the reactions see `event.location` as the control events do.
    mutating func controlOverrides(_ r: inout ObjectReader, on: ObjectReader?, at path: TreePath,
                                   context: ReactionContext) throws(DocumentError) -> ControlOverrides {
        var overrides = ControlOverrides.none
        if let tree = r.raw("beginsTracking") {
            var builder = ProgramBuilder(gen, base: context.fixed)
            let typed = try expression(tree, at: r.field("beginsTracking"), names: context.names, expecting: .bool)
            let result = builder.emit(typed)
            overrides.begins = (builder.finish(), result)
        }
        overrides.primaryActionOnTouchUpInside = try r.bool("primaryActionOnTouchUpInside", default: true)
        var lists: [ReactionList] = []
        for name in ControlOverrides.events {
            let tree = on.flatMap { reader -> JSON? in var reader = reader; return reader.raw(name) }
            lists.append(try reactions(tree, at: path.appending("on").appending(name), context: context))
        }
        overrides.begin = lists[0]
        overrides.proceed = lists[1]
        overrides.end = lists[2]
        return overrides
    }
}
