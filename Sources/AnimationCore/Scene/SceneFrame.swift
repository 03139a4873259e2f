/// What a scene shows at one instant: every visible view's layers in window coordinates and
/// drawing order, and every control's properties, each tagged with its view.
public struct SceneFrame: Sendable, Equatable {
    public var t: Double
    /// Views with a control, in drawing order (hidden ones too: properties are their state).
    public var views: [ViewProperties]
    /// Back to front.
    public var layers: [SceneLayer]

    public struct ViewProperties: Sendable, Equatable {
        public var view: String
        public var properties: [Field]
    }

    public func properties(of view: String) -> [Field]? { views.first { $0.view == view }?.properties }
}

/// One of a view's layers in window coordinates: moved by where the view is, its opacity
/// multiplied by the view's and its ancestors' alpha, and clipped to `clip` (the intersection of
/// the bounds of the view and ancestors that clip to bounds; nil when none does).
public struct SceneLayer: Sendable, Equatable {
    public var view: String
    public var layer: Layer
    public var clip: Rect?
}

extension SceneState {
    /// The frame at `t` (no earlier than the last input), as the scene shows it then.
    public func frame(at t: Double) -> SceneFrame {
        guard let deadline = nextDeadline, deadline <= t else { return render(at: t) }
        var copy = self
        var ignored: [SceneEmission] = []
        copy.advance(to: t, emit: &ignored)
        return copy.render(at: t)
    }

    /// The frame at `t`, assuming nothing is due before it.
    func render(at t: Double) -> SceneFrame {
        let frames = controls.map { $0?.render(at: t) }
        var views: [SceneFrame.ViewProperties] = []
        for (v, frame) in frames.enumerated() {
            if let frame { views.append(.init(view: scene.nodes[v].id, properties: frame.properties)) }
        }
        var layers: [SceneLayer] = []
        for root in scene.roots {
            draw(root, scene.nodes[root].frame, in: .zero, alpha: 1, clip: nil, frames: frames, at: t, into: &layers)
        }
        return SceneFrame(t: t, views: views, layers: layers)
    }

    /// `view` and its children, `offset` being where its parent's content's (0, 0) is in the window.
    /// `frame`: the view's frame in its parent's content (its node's, moved by a stack).
    private func draw(_ view: Int, _ frame: Rect, in offset: Point, alpha: Double, clip: Rect?, frames: [Frame?], at t: Double,
                      into layers: inout [SceneLayer]) {
        let node = scene.nodes[view]
        guard !node.isHidden else { return }
        let origin = Point(x: Self.add(offset.x, frame.minX), y: Self.add(offset.y, frame.minY))
        let opacity = alpha * node.alpha
        var clip = clip
        if node.clipsToBounds {
            let bounds = Rect(origin: origin, size: frame.size)
            clip = clip.map { $0.intersection(bounds) } ?? bounds
        }
        if let frame = frames[view] {
            for layer in frame.layers {
                // A sublayer moves and fades with its superlayer (its frame is in that layer's
                // coordinates); a superlayer stays even where it is clipped away, for them.
                guard layer.superlayer == nil else {
                    layers.append(SceneLayer(view: node.id, layer: layer, clip: clip))
                    continue
                }
                var moved = layer
                moved.frame.origin = Point(x: Self.add(layer.frame.minX, origin.x), y: Self.add(layer.frame.minY, origin.y))
                if opacity != 1 { moved.opacity = layer.opacity * opacity }
                if let clip, !clip.intersects(moved.frame), !frame.layers.contains(where: { $0.superlayer == layer.id }) {
                    continue
                }
                layers.append(SceneLayer(view: node.id, layer: moved, clip: clip))
            }
        }
        let content = contentOrigin(view, at: t)
        let inner = Point(x: Self.add(origin.x, content.x), y: Self.add(origin.y, content.y))
        let shifts = stackShifts(view, at: t, frames: frames)
        for (k, child) in node.children.enumerated() {
            draw(child, shifted(child, by: shifts?[k] ?? 0, in: view), in: inner, alpha: opacity, clip: clip, frames: frames, at: t,
                 into: &layers)
        }
    }

    /// `a + b`, leaving `a` as it is when `b` is 0 (so −0 stays −0, and a control at the
    /// window's origin draws exactly what its own session draws).
    @inline(__always)
    private static func add(_ a: Double, _ b: Double) -> Double { b == 0 ? a : a + b }
}

extension Rect {
    /// The overlap of two rectangles (empty, at `self`'s origin, when they do not overlap).
    func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return Rect(x: minX, y: minY, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangles share some area.
    func intersects(_ other: Rect) -> Bool {
        max(minX, other.minX) < min(maxX, other.maxX) && max(minY, other.minY) < min(maxY, other.maxY)
    }
}
