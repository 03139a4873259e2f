/// The gesture environment's transform analyzer for two touches (docs/fidelity.md#pinch-rotation):
/// each move's steps split into a common translation, a radial part (away from the centroid: a
/// pinch) and a tangential part (around it: a rotation); each is low-passed, and a component
/// dominates when its weighted size exceeds 1.4 times both others'.
public struct TransformAnalyzer: Sendable, Equatable {
    public enum Component: Sendable, Equatable { case translation, scale, rotation }

    /// How much each component counts for a recognizer.
    public struct Weights: Sendable, Equatable {
        var translation, scale, rotation: Double
        public static let pinch = Weights(translation: 0.5, scale: 4, rotation: 0.5)
        public static let rotation = Weights(translation: 0.25, scale: 0.25, rotation: 1)
    }

    static let gain = 0.4
    static let memory = 0.6
    static let dominance = 1.4

    /// Low-passed: |mean step|, mean radial step, mean tangential step.
    private(set) var translation = 0.0
    private(set) var scale = 0.0
    private(set) var rotation = 0.0

    public init() {}

    /// Two touches moved from `a0`, `b0` to `a1`, `b1`.
    public mutating func record(from a0: Point, _ b0: Point, to a1: Point, _ b1: Point) {
        let c = Point(x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2)
        var radial = 0.0, tangential = 0.0
        for (from, to) in [(a0, a1), (b0, b1)] {
            let rx = from.x - c.x, ry = from.y - c.y
            let length = (rx * rx + ry * ry).squareRoot()
            guard length > 0 else { continue }
            let ux = rx / length, uy = ry / length
            let sx = to.x - from.x, sy = to.y - from.y
            radial += (sx * ux + sy * uy) / 2
            tangential += (sx * -uy + sy * ux) / 2
        }
        let tx = (a1.x - a0.x + b1.x - b0.x) / 2, ty = (a1.y - a0.y + b1.y - b0.y) / 2
        translation = Self.gain * (tx * tx + ty * ty).squareRoot() + Self.memory * translation
        scale = Self.gain * radial + Self.memory * scale
        rotation = Self.gain * tangential + Self.memory * rotation
    }

    /// The component that dominates under `weights`, if one does.
    public func dominant(_ weights: Weights) -> Component? {
        let t = weights.translation * abs(translation), s = weights.scale * abs(scale), r = weights.rotation * abs(rotation)
        if s > Self.dominance * t && s > Self.dominance * r { return .scale }
        if r > Self.dominance * t && r > Self.dominance * s { return .rotation }
        if t > Self.dominance * s && t > Self.dominance * r { return .translation }
        return nil
    }
}
