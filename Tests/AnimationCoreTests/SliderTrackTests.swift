import Testing
@testable import AnimationCore

/// UISlider's geometry and animated setValue (docs/fidelity.md#slider) against oracle §19: bounds
/// (0, 0, 300, 31), thumb 28, track inset 3 and height 4.
@Suite("Slider track")
struct SliderTrackTests {
    static let slider = try! SliderTrack(bounds: Rect(x: 0, y: 0, width: 300, height: 31))

    @Test("The track: inset 3 at each end, 4 high, centred and rounded")
    func track() {
        #expect(Self.slider.track == Rect(x: 3, y: 14, width: 294, height: 4))
        let narrow = try! SliderTrack(bounds: Rect(x: 10, y: 0, width: 4, height: 31))
        #expect(narrow.track == Rect(x: 13, y: 14, width: 0, height: 4), "at least two insets wide")
    }

    @Test("The thumb for a value: x = round(272·f), clamped to the range (oracle §19)",
          arguments: [(0.0, 0.0), (0.25, 68.0), (0.5, 136.0), (1.0 / 3, 91.0), (1.0, 272.0), (1.5, 272.0), (-2.0, 0.0)])
    func thumb(_ row: (value: Double, x: Double)) {
        #expect(Self.slider.thumb(value: row.value, minimum: 0, maximum: 1) == Rect(x: row.x, y: 2, width: 28, height: 28))
        #expect(Self.slider.minimumTrackEnd(value: row.value, minimum: 0, maximum: 1) == max(row.x + 14, 3))
    }

    @Test("Other ranges and an empty one")
    func ranges() {
        #expect(Self.slider.thumb(value: 75, minimum: 50, maximum: 150).minX == 68)
        #expect(Self.slider.thumb(value: 3, minimum: 3, maximum: 3).minX == 0, "an empty range sits at the start")
        #expect(SliderTrack.fraction(value: 0.3, minimum: 0, maximum: 1) == Double(Float(0.3)), "single precision")
    }

    @Test("Grabbing the thumb: the 48 pt grab area, the grab offset, and the value that follows the finger (oracle §19)")
    func grab() throws {
        let offset = try #require(Self.slider.grabOffset(at: Point(x: 156, y: 15), value: 0.5, minimum: 0, maximum: 1))
        #expect(offset == -6)
        expectClose(Self.slider.value(atX: 183.2, grabOffset: offset, minimum: 0, maximum: 1), 0.6, within: 1e-12)
        // At the grab point itself the value does not move.
        expectClose(Self.slider.value(atX: 156, grabOffset: offset, minimum: 0, maximum: 1), 0.5, within: 1e-12)
        // The thumb spans 136…164; the grab area 126…174 and 2 − 10 … 30 + 10 vertically.
        #expect(Self.slider.grabOffset(at: Point(x: 126, y: 15), value: 0.5, minimum: 0, maximum: 1) == 24)
        #expect(Self.slider.grabOffset(at: Point(x: 174, y: 15), value: 0.5, minimum: 0, maximum: 1) == nil)
        #expect(Self.slider.grabOffset(at: Point(x: 150, y: -8.5), value: 0.5, minimum: 0, maximum: 1) == nil)
        // A touch on the bare track misses: UIKit does not track it.
        #expect(Self.slider.grabOffset(at: Point(x: 250, y: 15), value: 0, minimum: 0, maximum: 1) == nil)
        // Dragged beyond the ends the value clamps.
        #expect(Self.slider.value(atX: 400, grabOffset: 0, minimum: 0, maximum: 1) == 1)
        #expect(Self.slider.value(atX: -40, grabOffset: 0, minimum: 10, maximum: 20) == 10)
    }

    @Test("setValue(_:animated:) runs max(0.25·Δx/294, 0.1) s (oracle §19)")
    func animationDuration() {
        func duration(_ from: Double, _ to: Double) -> Double {
            let start = Self.slider.thumb(value: from, minimum: 0, maximum: 1).minX
            return Self.slider.animationDuration(fromThumbX: start, toValue: to, minimum: 0, maximum: 1)
        }
        expectClose(duration(0, 1), 0.231293, within: 1e-6, "full range")
        expectClose(duration(0, 0.25), 0.1, within: 1e-12, "the floor")
        expectClose(duration(0.2, 0.8), 0.139456, within: 1e-6)
        // From wherever the thumb shows (mid-animation): 136 → 272.
        expectClose(Self.slider.animationDuration(fromThumbX: 136, toValue: 1, minimum: 0, maximum: 1), 0.25 * 136 / 294,
                    within: 1e-12)
    }

    @Test("Geometry out of range is refused by name")
    func invalid() {
        #expect(throws: ParameterError("width", "must be greater than 0")) {
            try SliderTrack(bounds: Rect(x: 0, y: 0, width: 0, height: 31))
        }
        #expect(throws: ParameterError("thumbDiameter", "must be a finite number")) {
            try SliderTrack(bounds: Rect(x: 0, y: 0, width: 300, height: 31), thumbDiameter: .infinity)
        }
    }
}
