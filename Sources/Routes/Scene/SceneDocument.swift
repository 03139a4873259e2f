import AnimationCore

/// A scene as a session holds it: the checked `Scene`, the definition version of each view's
/// control (by node, in drawing order), and the document as the journal keeps it: every view as
/// posted, its control named with its definition's `digest` and its configuration resolved
/// (`config` echoed whole), so a replay makes the same scene whatever happens to the names since.
struct SceneDocument: Sendable {
    let scene: Scene
    /// By node index; nil for a plain view.
    let versions: [DefinitionVersion?]
    /// `{"views": [...]}`, the journal's form.
    let stored: JSON

    /// What a view's `control`, `definition` and `config` members resolve to: nil when the view
    /// names no control (a plain view). `view` reads those members and leaves the rest.
    typealias Resolve = (_ view: inout ObjectReader) throws(DocumentError) -> (ControlInstance, DefinitionVersion)?

    /// The members of a view besides its control and children, each read as `SceneView` takes it.
    private static let flags = ["isHidden", "isUserInteractionEnabled", "clipsToBounds", "isMultipleTouchEnabled",
                                "isExclusiveTouch", "delaysContentTouches", "canCancelContentTouches",
                                "isDirectionalLockEnabled", "prefersScrollingExpandsWhenScrolledToEdge", "touchesShouldCancel"]

    /// Reads `{"views": [...]}` under `path` (`scene`), resolving each view's control with
    /// `resolve`, and checks the whole scene (`Scene`): the first fault in document order is
    /// thrown, named by its JSON pointer, and nothing is made.
    init(_ json: JSON, at path: TreePath, resolve: Resolve) throws(DocumentError) {
        var body = try ObjectReader(json, at: path)
        guard let items = try body.array("views") else { throw body.error("views", "is required: the window's views, back to front") }
        let bindingItems = try body.array("bindings")
        let actionItems = try body.array("actions")
        let groupItems = try body.array("exclusive")
        try body.finish()
        var reader = Reader()
        var views: [SceneView] = []
        var stored: [JSON] = []
        for (index, item) in items.enumerated() {
            let (view, json) = try reader.view(item, at: body.field("views").appending(index), depth: 1, resolve: resolve)
            views.append(view)
            stored.append(json)
        }
        let bindings = try SceneLinkReader.read(bindingItems ?? [], at: body.field("bindings"), bindings: true)
        let actions = try SceneLinkReader.read(actionItems ?? [], at: body.field("actions"), bindings: false)
        let groups = try SceneLinkReader.groups(groupItems ?? [], at: body.field("exclusive"))
        scene = try Scene(views, at: path.appending("views"))
            .linking(bindings: bindings, actions: actions, exclusive: groups, at: path)
        versions = reader.versions
        var document: [(key: String, value: JSON)] = [("views", .array(stored))]
        if let bindingItems { document.append(("bindings", .array(bindingItems))) }
        if let actionItems { document.append(("actions", .array(actionItems))) }
        if let groupItems { document.append(("exclusive", .array(groupItems))) }
        self.stored = .object(JSONObject(document))
    }

    /// Reads views depth first, as `Scene` flattens them (so `versions` is by node index).
    private struct Reader {
        var versions: [DefinitionVersion?] = []
        var count = 0

        /// The view and its stored form; past the limits a bare placeholder, which `Scene` then
        /// refuses at its place with the limit's own code, so a huge document costs no more.
        mutating func view(_ json: JSON, at path: TreePath, depth: Int, resolve: Resolve) throws(DocumentError) -> (SceneView, JSON) {
            count += 1
            guard count <= Scene.maximumViews, depth <= Scene.maximumDepth else {
                return (SceneView(id: "", frame: Rect(x: 0, y: 0, width: 0, height: 0)), .null)
            }
            var r = try ObjectReader(json, at: path)
            guard let id = try r.string("id") else { throw r.error("id", "is required") }
            // An echo's `digest` sent back is accepted and ignored: the view is made with the
            // control's current definition, whose digest the answer then gives.
            _ = try r.string("digest")
            guard var frameReader = try r.object("frame") else { throw r.error("frame", "is required: {x, y, width, height}") }
            let frame = Rect(x: try frameReader.requiredNumber("x"), y: try frameReader.requiredNumber("y"),
                             width: try frameReader.requiredNumber("width"), height: try frameReader.requiredNumber("height"))
            try frameReader.finish()
            let resolved = try resolve(&r)
            var view = SceneView(id: id, control: resolved?.0, frame: frame)
            var stored: [(key: String, value: JSON)] = [("id", .string(id))]
            if let (instance, version) = resolved {
                stored += [("control", .string(instance.name)), ("digest", .string(version.digest)), ("config", instance.echo)]
            }
            stored.append(("frame", r.raw("frame")!))
            if let alpha = try r.number("alpha") {
                view.alpha = alpha
                stored.append(("alpha", .number(alpha)))
            }
            for flag in SceneDocument.flags {
                guard let value = try r.bool(flag) else { continue }
                stored.append((flag, .bool(value)))
                switch flag {
                case "isHidden": view.isHidden = value
                case "isUserInteractionEnabled": view.isUserInteractionEnabled = value
                case "clipsToBounds": view.clipsToBounds = value
                case "isMultipleTouchEnabled": view.isMultipleTouchEnabled = value
                case "isExclusiveTouch": view.isExclusiveTouch = value
                case "delaysContentTouches": view.delaysContentTouches = value
                case "canCancelContentTouches": view.canCancelContentTouches = value
                case "isDirectionalLockEnabled": view.isDirectionalLockEnabled = value
                case "prefersScrollingExpandsWhenScrolledToEdge": view.prefersScrollingExpandsWhenScrolledToEdge = value
                default: view.touchesShouldCancel = value
                }
            }
            if let names = try r.array("recognizesSimultaneouslyWith") {
                for (k, name) in names.enumerated() {
                    guard case let .string(text) = name else {
                        throw DocumentError(.invalidField, at: r.field("recognizesSimultaneouslyWith").appending(k), "expected a view's id")
                    }
                    view.recognizesSimultaneouslyWith.append(text)
                }
                stored.append(("recognizesSimultaneouslyWith", .array(names)))
            }
            if var stack = try r.object("stack") {
                guard let axisName = try stack.string("axis") else { throw stack.error("axis", "is required: \"x\" or \"y\"") }
                guard let axis = SceneStack.Axis(rawValue: axisName) else { throw stack.error("axis", "must be \"x\" or \"y\"") }
                guard let property = try stack.string("property") else {
                    throw stack.error("property", "is required: the children's number property giving their extent")
                }
                try stack.finish()
                view.stack = SceneStack(axis: axis, property: property)
                stored.append(("stack", r.raw("stack")!))
            }
            if let items = try r.array("requireToFail") {
                for (k, item) in items.enumerated() {
                    var entry = try ObjectReader(item, at: r.field("requireToFail").appending(k))
                    guard let recognizer = try entry.string("recognizer") else { throw entry.error("recognizer", "is required: a tap of this view") }
                    guard var other = try entry.object("toFail") else { throw entry.error("toFail", "is required: {\"view\", \"recognizer\"}") }
                    guard let otherView = try other.string("view") else { throw other.error("view", "is required") }
                    guard let otherRecognizer = try other.string("recognizer") else { throw other.error("recognizer", "is required") }
                    try other.finish()
                    try entry.finish()
                    view.requireToFail.append(.init(recognizer: recognizer, view: otherView, otherRecognizer: otherRecognizer))
                }
                stored.append(("requireToFail", .array(items)))
            }
            let children = try r.array("children") ?? []
            try r.finish()
            versions.append(resolved?.1)
            var storedChildren: [JSON] = []
            for (index, child) in children.enumerated() {
                let (childView, childJSON) = try self.view(child, at: r.field("children").appending(index), depth: depth + 1, resolve: resolve)
                view.children.append(childView)
                storedChildren.append(childJSON)
            }
            if !children.isEmpty { stored.append(("children", .array(storedChildren))) }
            return (view, .object(JSONObject(stored)))
        }
    }

    /// The definition of `view`'s control (nil for a plain view).
    func definition(of view: Int) -> ControlDefinition? { scene.nodes[view].control?.definition }
}
