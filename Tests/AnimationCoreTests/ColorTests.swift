import Testing
@testable import AnimationCore

/// sRGB colours: parsing, hex output and Core Animation's per-channel interpolation (docs/fidelity.md#colour).
@Suite("Color")
struct ColorTests {
    struct Parse: Sendable, CustomTestStringConvertible {
        let text: String
        let red, green, blue, alpha: Double
        var testDescription: String { text }
    }

    static let parses: [Parse] = [
        .init(text: "#F00", red: 1, green: 0, blue: 0, alpha: 1),
        .init(text: "#0a8", red: 0, green: 0.6666666666666666, blue: 0.5333333333333333, alpha: 1),
        .init(text: "#34C759", red: 0.20392156862745098, green: 0.7803921568627451, blue: 0.34901960784313724, alpha: 1),
        .init(text: "#34c759", red: 0.20392156862745098, green: 0.7803921568627451, blue: 0.34901960784313724, alpha: 1),
        .init(text: "#007AFF80", red: 0, green: 0.47843137254901963, blue: 1, alpha: 0.5019607843137255),
        .init(text: "systemGreen", red: 0.20392156862745098, green: 0.7803921568627451, blue: 0.34901960784313724, alpha: 1),
        .init(text: "systemBlue", red: 0, green: 0.47843137254901963, blue: 1, alpha: 1),
        .init(text: "switchOff", red: 0.9137254901960784, green: 0.9137254901960784, blue: 0.9176470588235294, alpha: 1),
        .init(text: "clear", red: 0, green: 0, blue: 0, alpha: 0),
    ]

    @Test("Parses #RGB, #RRGGBB, #RRGGBBAA and system names (channel = byte / 255)", arguments: parses)
    func parsing(_ parse: Parse) throws {
        let color = try #require(Color(parsing: parse.text))
        expectClose(color.red, parse.red, within: 1e-12, "red")
        expectClose(color.green, parse.green, within: 1e-12, "green")
        expectClose(color.blue, parse.blue, within: 1e-12, "blue")
        expectClose(color.alpha, parse.alpha, within: 1e-12, "alpha")
    }

    @Test("Rejects anything else",
          arguments: ["", "#", "#12", "#1234", "#12345", "#1234567", "#123456789", "#GG0000", "#12 456", "34C759",
                      " #34C759", "#34C759 ", "green", "SystemGreen", "#+12"])
    func invalid(_ text: String) {
        #expect(Color(parsing: text) == nil)
    }

    @Test("Hex output is #rrggbbaa, lower case, rounded to 8 bits")
    func hex() throws {
        #expect(try #require(Color(parsing: "#34C759")).hex == "#34c759ff")
        #expect(try #require(Color(parsing: "#007AFF80")).hex == "#007aff80")
        #expect(Color(red: 0.5, green: 0.25, blue: 0.75, alpha: 1).hex == "#8040bfff")
    }

    @Test("An overshooting interpolation keeps extended values but clamps them in hex")
    func overshootClampsInHex() throws {
        let red = try #require(Color(parsing: "#FF0000"))
        let blue = try #require(Color(parsing: "#0000FF"))
        let past = Color.interpolate(from: red, to: blue, progress: 1.1)
        expectClose(past.red, -0.1, within: 1e-12)
        expectClose(past.blue, 1.1, within: 1e-12)
        #expect(past.hex == "#0000ffff")
        let before = Color.interpolate(from: red, to: blue, progress: -0.2)
        #expect(before.hex == "#ff0000ff")
    }

    @Test("Every channel, alpha included, interpolates linearly and independently (not premultiplied)")
    func interpolation() throws {
        let red = try #require(Color(parsing: "#FF0000"))
        let clearBlue = try #require(Color(parsing: "#0000FF00"))
        let quarter = Color.interpolate(from: red, to: clearBlue, progress: 0.25)
        #expect(quarter == Color(red: 0.75, green: 0, blue: 0.25, alpha: 0.75))
        // 0.75·255 = 191.25 → bf, 0.25·255 = 63.75 → 40.
        #expect(quarter.hex == "#bf0040bf")
        let green = Color(red: 0.2, green: 0.6, blue: 0.4, alpha: 0.5)
        let middle = Color.interpolate(from: green, to: Color(red: 0.4, green: 0.2, blue: 0.8, alpha: 1), progress: 0.5)
        expectClose(middle.red, 0.3, within: 1e-12)
        expectClose(middle.green, 0.4, within: 1e-12)
        expectClose(middle.blue, 0.6, within: 1e-12)
        expectClose(middle.alpha, 0.75, within: 1e-12)
    }
}
