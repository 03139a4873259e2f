/// The built-in shapes a shape layer's `path` may name instead of giving SVG path data
/// (`"path": {"shape": "heart"}`): each drawn once on a 24 × 24 grid, as closed outlines to fill
/// (CAShapeLayer's default), and scaled to the layer's box (when the definition loads for a box of
/// numbers, when each frame is written for a box of expressions), so a frame carries plain path
/// data and a client draws it as any other.
public struct NamedShape: Sendable {
    /// One step of a path on the 24 × 24 grid.
    enum Step: Sendable {
        case move(Double, Double)
        case line(Double, Double)
        /// SVG's elliptical arc with equal radii on the grid, no rotation: radius, large-arc, sweep, end.
        case arc(Double, large: Bool, sweep: Bool, Double, Double)
        case close
    }

    public let name: String
    let steps: [Step]

    /// The grid the shapes are drawn on.
    static let grid = 24.0

    /// Every named shape, in the order docs/controls.md lists them. Arms are 2√2 wide on the
    /// 45° diagonals; everything keeps a 2-unit margin except the chevrons' and checkmark's tips.
    public static let all: [NamedShape] = [
        NamedShape("checkmark", [.move(3, 12), .line(5, 10), .line(9, 14), .line(19, 4), .line(21, 6), .line(9, 18), .close]),
        NamedShape("chevron.left", [.move(15, 3), .line(17, 5), .line(10, 12), .line(17, 19), .line(15, 21), .line(6, 12), .close]),
        NamedShape("chevron.right", [.move(9, 3), .line(18, 12), .line(9, 21), .line(7, 19), .line(14, 12), .line(7, 5), .close]),
        NamedShape("plus", [.move(11, 4), .line(13, 4), .line(13, 11), .line(20, 11), .line(20, 13), .line(13, 13),
                            .line(13, 20), .line(11, 20), .line(11, 13), .line(4, 13), .line(4, 11), .line(11, 11), .close]),
        NamedShape("minus", [.move(4, 11), .line(20, 11), .line(20, 13), .line(4, 13), .close]),
        NamedShape("xmark", [.move(6, 4), .line(12, 10), .line(18, 4), .line(20, 6), .line(14, 12), .line(20, 18),
                             .line(18, 20), .line(12, 14), .line(6, 20), .line(4, 18), .line(10, 12), .line(4, 6), .close]),
        // Two lobes of radius 5 about (7, 8) and (17, 8), meeting at (12, 8), down to the point (12, 20).
        NamedShape("heart", [.move(12, 20), .line(3, 11), .arc(5, large: true, sweep: true, 12, 8),
                             .arc(5, large: true, sweep: true, 21, 11), .close]),
        NamedShape("circle", [.move(12, 2), .arc(10, large: true, sweep: true, 12, 22), .arc(10, large: true, sweep: true, 12, 2), .close]),
    ]

    init(_ name: String, _ steps: [Step]) {
        self.name = name
        self.steps = steps
    }

    public static func named(_ name: String) -> NamedShape? { all.first { $0.name == name } }

    /// SVG path data for the shape stretched to a `width` × `height` box at the layer's origin
    /// (x scaled by width/24, y by height/24; an arc's radii likewise, so it may become elliptical).
    public func pathData(width: Double, height: Double) -> String {
        let sx = width / Self.grid, sy = height / Self.grid
        func x(_ v: Double) -> String { Self.number(v * sx) }
        func y(_ v: Double) -> String { Self.number(v * sy) }
        return steps.map { step in
            switch step {
            case let .move(px, py): "M\(x(px)) \(y(py))"
            case let .line(px, py): "L\(x(px)) \(y(py))"
            case let .arc(r, large, sweep, px, py):
                "A\(x(r)) \(y(r)) 0 \(large ? 1 : 0) \(sweep ? 1 : 0) \(x(px)) \(y(py))"
            case .close: "Z"
            }
        }.joined(separator: " ")
    }

    // MARK: Following the layer's box

    /// Codes start here (2^52, exact in a double, past every formatted number's code): a path whose
    /// box is given by expressions carries a code, and its text is made where the frame is written.
    static let codeBase = 4_503_599_627_370_496.0
    static let distances = 4096

    /// The text value of a path that shows shape `index` stretched to its layer's box, whose width
    /// is `distance` values before the path's data among the layer's values (height right after).
    static func code(shape index: Int, distance: Int) -> Double {
        -(codeBase + Double(index * distances + distance))
    }

    /// The path data a text value stands for when it is such a code: the shape stretched to the
    /// width and height found `distance` values before `offset` in `values`. Nil for any other value.
    public static func text(code value: Double, _ values: FrameValues, at offset: Int) -> String? {
        guard value <= -codeBase, value.isFinite else { return nil }
        let rest = Int(-value - codeBase)
        let index = rest / distances, distance = rest % distances
        guard index < all.count, distance <= offset else { return nil }
        return all[index].pathData(width: values[offset - distance], height: values[offset - distance + 1])
    }

    /// The most bytes such a text takes (every coordinate a 24-character number).
    public static let longestText: Int = all.map { shape in
        shape.steps.reduce(0) { total, step in
            switch step {
            case .move, .line: total + 2 * 24 + 3
            case .arc: total + 4 * 24 + 12
            case .close: total + 2
            }
        }
    }.max() ?? 0

    /// A coordinate as path data writes it: whole numbers without a point, others as Swift's
    /// shortest round-trip form.
    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }
}
