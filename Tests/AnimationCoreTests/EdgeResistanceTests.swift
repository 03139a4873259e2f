import Testing
@testable import AnimationCore

/// Rubber banding while dragging, per end, and its inverse (docs/fidelity.md#rubber-band-drag,
/// oracle §15).
@Suite("Edge resistance")
struct EdgeResistanceTests {
    struct Case: Sendable {
        let overscroll, dimension, shown: Double
    }

    /// Oracle §15, 6 decimals.
    static let cases: [Case] = [
        .init(overscroll: 100, dimension: 844, shown: 51.635150),
        .init(overscroll: 100, dimension: 812, shown: 51.510957),
        .init(overscroll: 200, dimension: 844, shown: 97.316562),
        .init(overscroll: 50, dimension: 400, shown: 25.730994),
        .init(overscroll: 1000, dimension: 844, shown: 332.998565),
    ]

    @Test("A scroll view rubber-bands both ends with its bounds dimension, and the inverse gives the overscroll back",
          arguments: cases)
    func scrollView(_ row: Case) throws {
        let resistance = try EdgeResistance.scrollView(minimum: 0, maximum: 2000, dimension: row.dimension)
        expectClose(resistance.shown(2000 + row.overscroll), 2000 + row.shown, within: 1e-6, "beyond the end")
        expectClose(resistance.shown(-row.overscroll), -row.shown, within: 1e-6, "before the start")
        // The inverse's slope (d/c)·d/(d − y)² is up to 5 here, so the printed literal's 5e-7 becomes 2.5e-6.
        expectClose(resistance.raw(2000 + row.shown), 2000 + row.overscroll, within: 1e-5, "inverse, end")
        expectClose(resistance.raw(-row.shown), -row.overscroll, within: 1e-5, "inverse, start")
        let band = try RubberBand(dimension: row.dimension)
        expectClose(band.overscroll(forStretch: row.shown), row.overscroll, within: 1e-5, "RubberBand's inverse")
        expectClose(band.overscroll(forStretch: band.stretch(row.overscroll)), row.overscroll, relative: 1e-12,
                    "a round trip")
    }

    @Test("Inside the range the drag is followed 1:1, both ways")
    func inside() throws {
        let resistance = try EdgeResistance.scrollView(minimum: 0, maximum: 2000, dimension: 844)
        for value in [0.0, 1, 999.5, 2000] {
            #expect(resistance.shown(value) == value)
            #expect(resistance.raw(value) == value)
        }
    }

    @Test("A sheet's ends: a 10 pt extent above the largest detent, free below when dismissible (oracle §15)")
    func sheet() throws {
        // Sheet tops from 69 (large) to 398.56 (medium); above 69 the extent is 10.
        let dismissible = EdgeResistance(minimum: 69, maximum: 398.56, below: .rubberBand(try RubberBand(dimension: 10)),
                                         above: .free)
        expectClose(dismissible.shown(19), 61.666667, within: 1e-6, "50 pt above the top")
        #expect(dismissible.shown(500) == 500, "follows the finger down towards dismissal")
        let mediumOnly = EdgeResistance(minimum: 398.56, maximum: 398.56, below: .rubberBand(try RubberBand(dimension: 100)),
                                        above: .rubberBand(try RubberBand(dimension: 195.75)))
        expectClose(398.56 - mediumOnly.shown(348.56), 21.568627, within: 1e-6, "extent 100")
    }

    @Test("Clamped ends hold at the end; their inverse is the end itself")
    func clamped() throws {
        let stiff = try EdgeResistance.scrollView(minimum: 0, maximum: 300, dimension: 844, bounces: false)
        #expect(stiff.shown(-40) == 0 && stiff.shown(340) == 300)
        #expect(stiff.raw(-40) == 0 && stiff.raw(340) == 300)
    }

    @Test("Content smaller than the bounds: the maximum is raised to the minimum")
    func smallContent() throws {
        let resistance = try EdgeResistance.scrollView(minimum: 0, maximum: -200, dimension: 400)
        #expect(resistance.maximum == 0)
        expectClose(resistance.shown(50), 25.730994, within: 1e-6, "oracle §15: 50 on d 400")
    }

    @Test("A stretch the band cannot show maps to the largest overscroll, never to infinity or NaN")
    func inverseSaturates() throws {
        let band = try RubberBand(dimension: 100)
        #expect(band.overscroll(forStretch: 100) == .greatestFiniteMagnitude)
        #expect(band.overscroll(forStretch: -3) == 0)
        let resistance = try EdgeResistance.scrollView(minimum: 0, maximum: 10, dimension: 100)
        #expect(resistance.raw(500) == 10 + ParameterError.maximumLength)
    }
}
