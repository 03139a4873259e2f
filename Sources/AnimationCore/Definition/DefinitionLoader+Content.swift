/// A definition's `content` section: where a scene puts the control's children and how they move
/// with it (docs/scenes.md#containers).
///
/// ```json
/// "content": {"frame": {"x": "-offsetX", "y": "-offsetY", "width": "contentWidth", "height": "contentHeight"},
///             "scrolls": {"x": "canScrollX", "y": "canScrollY"}}
/// ```
///
/// `frame` is the children's coordinate space in the control's own, expressions of the state: a
/// child at (0, 0) sits at (`x`, `y`), so a scroll view's content moves against its offset as
/// UIKit's `bounds.origin` moves subviews. `scrolls` (expressions of the configuration) makes the
/// container a scroll view for the scene's arbitration: its pan is `UIScrollView`'s, which holds
/// its content's touches back, cancels them, and begins only along an axis it can scroll.
/// `isDecelerating` (a bool of the state) says when a touch stops it and is its alone.
/// `interactsWithDescendantScrollView` makes it move with a drag in a vertical scroll view among
/// its descendants at that scroll view's top edge, as a sheet does (`when`, a bool of the state:
/// whether it takes part now; `room`, a number of the state: how far up it may still move before
/// the content scrolls).
struct ContentSpec: Sendable {
    var frame: RegionSpec
    /// Constant slots of the bools `scrolls.x` and `scrolls.y`; nil when the container does not scroll.
    var scrolls: (x: Int, y: Int)?
    /// `isDecelerating`, a bool of the state: a touch landing while it holds is the scroll view's
    /// alone (UIKit's `tracksImmediatelyWhileDecelerating`).
    var isDecelerating: (program: Program, result: Int)?
    /// `interactsWithDescendantScrollView` (UIKit's `_UISheetInteraction` with a descendant scroll
    /// view): one program computing whether it takes part and its room.
    var descendantScrolling: (program: Program, when: Int, room: Int)?
    /// `isRefreshControl` (a literal): the container is the `refreshControl` of the scroll view it
    /// holds, which a sheet then leaves to scroll alone (`_shouldInteractWithDescendentScrollView:`).
    var isRefreshControl = false
}

extension DefinitionLoader {
    mutating func compileContent(_ section: ObjectReader) throws(DocumentError) {
        var r = section
        guard let frameTree = r.raw("frame") else { throw r.error("frame", "is required: {\"x\", \"y\", \"width\", \"height\"}") }
        let frame = try region(frameTree, at: r.field("frame"))
        var scrolls: (x: Int, y: Int)?
        if let scrollsTree = r.raw("scrolls") {
            var axes = try ObjectReader(scrollsTree, at: r.field("scrolls"), code: .invalidDefinition)
            var slots: [Int] = []
            for key in ["x", "y"] {
                let tree = axes.raw(key) ?? .bool(false)
                slots.append(slot(for: try expression(tree, at: axes.field(key), names: configNames, expecting: .bool)))
            }
            try axes.finish()
            scrolls = (slots[0], slots[1])
        }
        var decelerating: (program: Program, result: Int)?
        if let tree = r.raw("isDecelerating") {
            var builder = ProgramBuilder(gen, base: 0)
            let typed = try expression(tree, at: r.field("isDecelerating"), names: stateNames, expecting: .bool)
            let result = builder.emit(typed)
            decelerating = (builder.finish(), result)
        }
        var descendant: (program: Program, when: Int, room: Int)?
        if let tree = r.raw("interactsWithDescendantScrollView") {
            var section = try ObjectReader(tree, at: r.field("interactsWithDescendantScrollView"), code: .invalidDefinition)
            var builder = ProgramBuilder(gen, base: 0)
            let when = builder.emit(try expression(section.raw("when") ?? .bool(true), at: section.field("when"), names: stateNames, expecting: .bool))
            guard let roomTree = section.raw("room") else {
                throw section.error("room", "is required: how far up the container may still move before the content scrolls")
            }
            let room = builder.emit(try expression(roomTree, at: section.field("room"), names: stateNames, expecting: .number))
            try section.finish()
            descendant = (builder.finish(), when, room)
        }
        let refreshes = try r.bool("isRefreshControl", default: false)
        try r.finish()
        parts.content = ContentSpec(frame: frame, scrolls: scrolls, isDecelerating: decelerating, descendantScrolling: descendant,
                                    isRefreshControl: refreshes)
    }
}
