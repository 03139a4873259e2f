import Testing
@testable import AnimationCore

/// Snapping to one of several targets by projection, the sheet's spring and its dimming
/// (docs/fidelity.md#detents, #sheet) against oracle §17: a 393 × 852 phone, the large detent's
/// top at 69 and the medium one's at 398.56.
@Suite("Projected snap and the sheet")
struct ProjectedSnapTests {
    static let detents = [69, 398.56]

    struct Release: Sendable {
        let position, velocity, projected: Double
        let nearest, chosen: Int
        let isFlick: Bool
    }

    /// Oracle §17's table (y is the sheet's top; negative velocity is upward).
    static let releases: [Release] = [
        .init(position: 350, velocity: -800, projected: 270.8, nearest: 1, chosen: 1, isFlick: false),
        .init(position: 350, velocity: -1200, projected: 231.2, nearest: 1, chosen: 0, isFlick: true),
        .init(position: 390, velocity: -1100, projected: 281.1, nearest: 1, chosen: 0, isFlick: true),
        .init(position: 390, velocity: -900, projected: 300.9, nearest: 1, chosen: 1, isFlick: false),
        .init(position: 300, velocity: -200, projected: 300, nearest: 1, chosen: 1, isFlick: false),
        .init(position: 200, velocity: 900, projected: 289.1, nearest: 0, chosen: 1, isFlick: false),
        .init(position: 100, velocity: 1500, projected: 248.5, nearest: 0, chosen: 1, isFlick: true),
        .init(position: 398.56, velocity: 1200, projected: 517.36, nearest: 1, chosen: 1, isFlick: true),
    ]

    @Test("The detent a release picks: projection at 0.99, 250 pt/s ignored, a fast flick one detent further",
          arguments: releases)
    func release(_ row: Release) throws {
        let choice = try #require(ProjectedSnap.sheet.choose(position: row.position, velocity: row.velocity,
                                                             targets: Self.detents))
        expectClose(choice.projected, row.projected, within: 1e-9, "projected")
        #expect(choice.nearest == row.nearest)
        #expect(choice.index == row.chosen)
        #expect(choice.target == Self.detents[row.chosen])
        #expect(choice.isFlick == row.isFlick)
    }

    @Test("The one-detent rule needs the finger already past the nearest detent the flick's way")
    func oneDetentRule() throws {
        // Three detents; a flick up at 1100 pt/s from just below the middle one, landing back on it.
        let targets = [100.0, 400, 700]
        let below = try #require(ProjectedSnap.sheet.choose(position: 410, velocity: -1100, targets: targets))
        #expect(below.nearest == 1 && below.index == 1, "below the middle detent, flicked up: not past it")
        let above = try #require(ProjectedSnap.sheet.choose(position: 390, velocity: -1100, targets: targets))
        #expect(above.index == 0, "above it, flicked up: one further up")
        let down = try #require(ProjectedSnap.sheet.choose(position: 410, velocity: 1100, targets: targets))
        #expect(down.index == 2, "below it, flicked down: one further down")
        let off = try ProjectedSnap(flickAdvances: false)
        #expect(off.choose(position: 390, velocity: -1100, targets: targets)?.index == 1, "rule off")
        #expect(ProjectedSnap.sheet.choose(position: 390, velocity: -1100, targets: []) == nil)
        // Unordered targets: "further" is by position, not by list order.
        let shuffled = try #require(ProjectedSnap.sheet.choose(position: 390, velocity: -1100, targets: [700, 400, 100]))
        #expect(shuffled.index == 2 && shuffled.target == 100)
    }

    @Test("Ties go to the first target listed, as UIKit's strict comparison does")
    func ties() throws {
        let choice = try #require(ProjectedSnap.sheet.choose(position: 250, velocity: 0, targets: [200, 300]))
        #expect(choice.index == 0)
        let reversed = try #require(ProjectedSnap.sheet.choose(position: 250, velocity: 0, targets: [300, 200]))
        #expect(reversed.index == 0 && reversed.target == 300)
    }

    @Test("The sheet's spring: ω 2π/0.344144233, ζ 1 or 0.8 after a flick, UIKit's settling duration (oracle §17)")
    func spring() throws {
        let rest = try SnapSpring.sheet.parameters(from: 398.56, to: 69, velocity: 0, flick: false).resolve()
        expectClose(rest.spring.stiffness, 333.333333, within: 1e-6, "k")
        for (t, p) in [(0.1, 0.544778), (0.2, 0.879282), (0.3, 0.972919), (0.4, 0.994408)] {
            expectClose(rest.progress(at: t), p, within: 1e-6, "ζ 1 at \(t)")
        }
        expectClose(rest.duration, 0.505824, within: 1e-6, "runs")
        expectClose(398.56 + (69 - 398.56) * rest.progress(at: 0.1), 219.0228, within: 1e-4, "y(0.1)")
        let flick = try SnapSpring.sheet.parameters(from: 350, to: 69, velocity: -1200, flick: true).resolve()
        expectClose(flick.initialVelocity, 4.270463, within: 1e-6, "relative velocity −1200/(69 − 350)")
        for (t, p) in [(0.1, 0.699074), (0.2, 0.989941), (0.3, 1.014074), (0.4, 1.003532)] {
            expectClose(flick.progress(at: t), p, within: 1e-6, "flick at \(t)")
        }
        expectClose(flick.duration, 0.518436, within: 1e-6, "runs")
        let slowFlickless = try SnapSpring.sheet.parameters(from: 398.56, to: 69, velocity: 0, flick: true).resolve()
        expectClose(slowFlickless.progress(at: 0.3), 1.014777, within: 1e-6, "ζ 0.8 overshoots")
        // No distance: no velocity, rather than a division by zero.
        #expect(SnapSpring.sheet.parameters(from: 69, to: 69, velocity: 500, flick: false).initialVelocity == 0)
    }

    @Test("Dimming from largestUndimmedDetent: which detent dims, and the ramp (oracle §17)")
    func dimming() {
        #expect(DetentDimming.dimmingIndex(largestUndimmed: nil, count: 2) == 1, "nil: dimmed from the smallest")
        #expect(DetentDimming.dimmingIndex(largestUndimmed: 1, count: 2) == 0, "medium undimmed: dims from large")
        #expect(DetentDimming.dimmingIndex(largestUndimmed: 0, count: 2) == nil, "large undimmed: never")
        #expect(DetentDimming.dimmingIndex(largestUndimmed: nil, count: 0) == nil)
        func fraction(_ undimmed: Int?, _ y: Double) -> Double {
            DetentDimming.fraction(offset: y, detentOffsets: Self.detents,
                                   dimmingIndex: DetentDimming.dimmingIndex(largestUndimmed: undimmed, count: 2),
                                   dismissOffset: 852)
        }
        expectClose(fraction(nil, 398.56), 1, within: 1e-12, "at medium")
        expectClose(fraction(nil, 625.28), 0.5, within: 1e-12, "halfway to dismissed")
        expectClose(fraction(nil, 69), 1, within: 1e-12, "above the dimming detent: full")
        expectClose(fraction(1, 233.78), 0.5, within: 1e-12, "halfway between medium and large")
        expectClose(fraction(1, 398.56), 0, within: 1e-12, "at medium, medium undimmed")
        expectClose(fraction(0, 69), 0, within: 1e-12, "large undimmed")
        #expect(DetentDimming.fraction(offset: 300, detentOffsets: [300], dimmingIndex: 0, dismissOffset: 300) == 1)
    }

    @Test("Parameters out of range are refused by name")
    func invalid() {
        #expect(throws: ParameterError("decelerationRate", "must be between 0 and 1, exclusive")) {
            try ProjectedSnap(decelerationRate: 0)
        }
        #expect(throws: ParameterError("minimumSpeed", "must not be negative")) { try ProjectedSnap(minimumSpeed: -1) }
        #expect(throws: ParameterError("dampingRatio", "must be between 0.01 and 1")) {
            try SnapSpring(response: 0.3, dampingRatio: 2)
        }
    }
}
