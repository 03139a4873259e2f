import Testing
@testable import AnimationCore

/// UISegmentedControl's layout and selection spring (docs/fidelity.md#segmented-control) against
/// oracle §20: 3 segments on 300 × 32, dividers 1 pt, the indicator inset 2.
@Suite("Segment layout")
struct SegmentLayoutTests {
    static let layout = try! SegmentLayout(bounds: Rect(x: 0, y: 0, width: 300, height: 32), count: 3)

    @Test("Equal segments between 1 pt dividers, and the inset indicator (oracle §20)")
    func frames() {
        for (i, x) in [0.0, 100.333333, 200.666667].enumerated() {
            let segment = Self.layout.segment(i)
            expectClose(segment.minX, x, within: 1e-6, "segment \(i)")
            expectClose(segment.size.width, 99.333333, within: 1e-6, "width \(i)")
            expectClose(segment.minX + segment.size.width / 2, [49.666667, 150, 250.333333][i], within: 1e-6, "centre")
            let indicator = Self.layout.indicator(i)
            expectClose(indicator.minX, x + 2, within: 1e-6, "indicator \(i)")
            expectClose(indicator.size.width, 95.333333, within: 1e-6)
            #expect(indicator.minY == 2 && indicator.size.height == 28)
        }
        #expect(Self.layout.segment(7) == Self.layout.segment(2), "indices clamp")
    }

    @Test("The segment a touch belongs to: the one containing it, else the nearest (oracle §20)",
          arguments: [(-10.0, 0), (50, 0), (99.5, 0), (100, 1), (150, 1), (299, 2), (350, 2)])
    func index(_ row: (x: Double, index: Int)) {
        #expect(Self.layout.index(atX: row.x) == row.index)
    }

    @Test("The selection pop spring is critical and runs 0.411544 s; the indicator centre at 0.1 s (oracle §20)")
    func popSpring() throws {
        let timing = try SpringParameters.physical(mass: 1, stiffness: 503.551245, damping: 44.8798951,
                                                   initialVelocity: 0, allowsOverdamping: false).resolve()
        expectClose(timing.duration, 0.411544, within: 1e-6, "runs")
        let from = Self.layout.segment(0).minX + Self.layout.segmentWidth / 2
        let to = Self.layout.segment(2).minX + Self.layout.segmentWidth / 2
        for (t, centre) in [(0.05, 111.6760), (0.1, 181.3092), (0.2, 237.9517), (0.3, 248.4836)] {
            expectClose(from + (to - from) * timing.progress(at: t), centre, within: 1e-4, "at \(t)")
        }
    }

    @Test("Layouts that cannot be drawn are refused by name")
    func invalid() {
        #expect(throws: ParameterError("segments", "must have between 1 and 1000 segments")) {
            try SegmentLayout(bounds: Rect(x: 0, y: 0, width: 300, height: 32), count: 0)
        }
        #expect(throws: ParameterError("dividerWidth", "leaves no room for the segments")) {
            try SegmentLayout(bounds: Rect(x: 0, y: 0, width: 10, height: 32), count: 11)
        }
        let one = try? SegmentLayout(bounds: Rect(x: 5, y: 0, width: 80, height: 32), count: 1)
        #expect(one?.index(atX: 1000) == 0 && one?.segment(0) == Rect(x: 5, y: 0, width: 80, height: 32))
    }
}
