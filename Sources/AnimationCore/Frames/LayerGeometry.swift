/// Where a layer's points are in the control, composed through its superlayers as Core Animation
/// composes a layer tree: a layer's point `p` (from its bounds' top left) is at
/// `position + translation + R(rotation)·S(scale·scaleX, scale·scaleY)·(p − anchor)` in its
/// superlayer's coordinates, `position` being where its anchor point lies in its untransformed
/// frame (`anchor` = anchorX·width, anchorY·height; the centre without a transform part). What
/// the client module and the exports draw with nested elements, as one function for tests and
/// tools.
extension Frame {
    /// `point`, in the coordinates of the layer with id `id`, in the control's; nil when the frame
    /// has no such layer (or one of its superlayers is missing: a cycle cannot be loaded).
    public func point(_ point: Point, inLayer id: String) -> Point? {
        var point = point
        var next: String? = id
        var steps = 0
        while let current = next {
            guard steps <= layers.count, let layer = layers.first(where: { $0.id == current }) else { return nil }
            point = layer.toSuperlayer(point)
            next = layer.superlayer
            steps += 1
        }
        return point
    }
}

extension Layer {
    /// A point of its own (from its bounds' top left) in its superlayer's coordinates.
    func toSuperlayer(_ p: Point) -> Point {
        let frame = self.frame
        let (width, height) = (frame.size.width, frame.size.height)
        var (ax, ay, tx, ty, sx, sy, angle) = (0.5, 0.5, 0.0, 0.0, scale, scale, 0.0)
        if let t = part("transform"), case let .number(translationX) = t[0], case let .number(translationY) = t[1],
           case let .number(scaleX) = t[2], case let .number(scaleY) = t[3], case let .number(rotation) = t[4],
           case let .number(anchorX) = t[5], case let .number(anchorY) = t[6] {
            (ax, ay, tx, ty, angle) = (anchorX, anchorY, translationX, translationY, rotation)
            sx *= scaleX
            sy *= scaleY
        }
        let (dx, dy) = ((p.x - ax * width) * sx, (p.y - ay * height) * sy)
        let (c, s) = (cCos(angle), cSin(angle))
        return Point(x: frame.minX + ax * width + tx + c * dx - s * dy, y: frame.minY + ay * height + ty + s * dx + c * dy)
    }
}
