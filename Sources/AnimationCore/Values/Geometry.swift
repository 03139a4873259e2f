/// A point in points (control-local or container coordinates).
public struct Point: Interpolatable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)

    public static func interpolate(from: Point, to: Point, progress: Double) -> Point {
        Point(x: .interpolate(from: from.x, to: to.x, progress: progress),
              y: .interpolate(from: from.y, to: to.y, progress: progress))
    }
}

public struct Size: Interpolatable, Hashable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }

    public static func interpolate(from: Size, to: Size, progress: Double) -> Size {
        Size(width: .interpolate(from: from.width, to: to.width, progress: progress),
             height: .interpolate(from: from.height, to: to.height, progress: progress))
    }
}

public struct Rect: Interpolatable, Hashable {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }

    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// Grown by `amount` on every side (a negative inset, as UIKit's hit slop).
    public func expanded(by amount: Double) -> Rect {
        Rect(x: minX - amount, y: minY - amount, width: size.width + 2 * amount, height: size.height + 2 * amount)
    }

    public static func interpolate(from: Rect, to: Rect, progress: Double) -> Rect {
        Rect(origin: .interpolate(from: from.origin, to: to.origin, progress: progress),
             size: .interpolate(from: from.size, to: to.size, progress: progress))
    }
}

/// A uniform-or-not scale about the layer's centre (`CGAffineTransform(scaleX:y:)`).
public struct ScaleTransform: Interpolatable, Hashable {
    public var sx: Double
    public var sy: Double
    public init(sx: Double, sy: Double) { self.sx = sx; self.sy = sy }
    public init(_ s: Double) { self.init(sx: s, sy: s) }
    public static let identity = ScaleTransform(1)

    /// A rect scaled about its own centre, as the transform shows it on screen.
    public func apply(to rect: Rect) -> Rect {
        let w = rect.size.width * sx, h = rect.size.height * sy
        return Rect(x: rect.minX + (rect.size.width - w) / 2, y: rect.minY + (rect.size.height - h) / 2,
                    width: w, height: h)
    }

    public static func interpolate(from: ScaleTransform, to: ScaleTransform, progress: Double) -> ScaleTransform {
        ScaleTransform(sx: .interpolate(from: from.sx, to: to.sx, progress: progress),
                       sy: .interpolate(from: from.sy, to: to.sy, progress: progress))
    }
}
