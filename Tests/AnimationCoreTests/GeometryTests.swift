import Testing
@testable import AnimationCore

@Suite("Geometry")
struct GeometryTests {
    @Test("expanded(by:) grows every side (UIKit's 70 pt hit slop)")
    func expanded() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(rect.expanded(by: 70) == Rect(x: -60, y: -50, width: 240, height: 190))
        #expect(rect.expanded(by: -5) == Rect(x: 15, y: 25, width: 90, height: 40))
    }

    @Test("contains is half-open: min edges inside, max edges outside")
    func contains() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(rect.contains(Point(x: 10, y: 20)))
        #expect(rect.contains(Point(x: 109.999, y: 69.999)))
        #expect(!rect.contains(Point(x: 110, y: 30)))
        #expect(!rect.contains(Point(x: 50, y: 70)))
        #expect(!rect.contains(Point(x: 9.999, y: 30)))
        #expect(!rect.contains(Point(x: 50, y: 19.999)))
        let slop = rect.expanded(by: 70)
        #expect(slop.contains(Point(x: -60, y: -50)))
        #expect(slop.contains(Point(x: 179.5, y: 139.5)))
        #expect(!slop.contains(Point(x: 180, y: 100)))
    }

    @Test("ScaleTransform.apply scales about the rect's centre")
    func scaleApply() {
        #expect(ScaleTransform(0.9).apply(to: Rect(x: 0, y: 0, width: 100, height: 50))
                == Rect(x: 5, y: 2.5, width: 90, height: 45))
        #expect(ScaleTransform(sx: 2, sy: 0.5).apply(to: Rect(x: 10, y: 10, width: 20, height: 40))
                == Rect(x: 0, y: 20, width: 40, height: 20))
        let rect = Rect(x: 3, y: 4, width: 5, height: 6)
        #expect(ScaleTransform.identity.apply(to: rect) == rect)
    }

    @Test("Points, sizes, rects and scales interpolate component-wise, overshoot included")
    func interpolation() {
        let from = Rect(x: 0, y: 10, width: 100, height: 20)
        let to = Rect(x: 50, y: 0, width: 200, height: 40)
        #expect(Rect.interpolate(from: from, to: to, progress: 0.5) == Rect(x: 25, y: 5, width: 150, height: 30))
        #expect(Rect.interpolate(from: from, to: to, progress: 1.5) == Rect(x: 75, y: -5, width: 250, height: 50))
        #expect(ScaleTransform.interpolate(from: .identity, to: ScaleTransform(sx: 0.5, sy: 2), progress: 0.5)
                == ScaleTransform(sx: 0.75, sy: 1.5))
        #expect(Point.interpolate(from: .zero, to: Point(x: 4, y: -8), progress: 0.25) == Point(x: 1, y: -2))
    }
}
