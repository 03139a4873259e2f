import AnimationCore

/// The stops of one element's keyframes, chosen for all of its animated values together: a
/// sample is kept when, without it, the browser's interpolation between the neighbouring
/// keyframes would leave any channel's allowance at any sample. Between keyframes CSS and WAAPI
/// interpolate numbers linearly and colours in premultiplied sRGB; the error is measured that
/// way, so what plays is what was checked.
struct KeyframeTrack: Sendable {
    /// One value the browser interpolates on its own.
    enum Channel: Sendable {
        /// A number interpolated linearly (a length in px, a scale, an opacity); `allowed` in
        /// its own units.
        case number([Double], allowed: Double)
        /// A colour; `allowed` in 8-bit channel steps, for red, green, blue and alpha alike.
        case color([ColorBytes], allowed: Double)
        /// Shown or not: both samples around every change are kept, so the switch falls between
        /// two consecutive samples as it does in the frames.
        case presence([Bool])
        /// A value the browser does not interpolate (a line cap, a text's alignment): both
        /// samples around every change are kept, as for `presence`.
        case discrete([String])
    }

    /// Indices of the kept samples, ascending, the first and the last included.
    let stops: [Int]

    /// Keyframe numbers are written to six decimals: the stops keep this much of a number's
    /// allowance (at least 1e-6) free for that rounding, so the promise holds for the text.
    static let numberRounding = 5e-7

    /// `fractions[k]` is sample k's place in the animation, 0 at the first, 1 at the last.
    init(_ channels: [Channel], fractions: [Double]) {
        let count = fractions.count
        var forced: [Int] = []
        for case let .presence(shown) in channels {
            for k in shown.indices.dropFirst() where shown[k] != shown[k - 1] { forced += [k - 1, k] }
        }
        for case let .discrete(values) in channels {
            for k in values.indices.dropFirst() where values[k] != values[k - 1] { forced += [k - 1, k] }
        }
        stops = PolylineSimplifier.simplify(count: count, forced: forced.sorted(), tolerance: 1) { a, b, k in
            let run = fractions[b] - fractions[a]
            let u = run > 0 ? (fractions[k] - fractions[a]) / run : 1
            var worst = 0.0
            for channel in channels {
                worst = max(worst, Self.error(channel, a, b, k, u))
            }
            return worst
        }
    }

    /// Sample k's distance from the interpolation at `u` between samples a and b, in allowances.
    private static func error(_ channel: Channel, _ a: Int, _ b: Int, _ k: Int, _ u: Double) -> Double {
        switch channel {
        case let .number(values, allowed):
            return abs(values[a] + (values[b] - values[a]) * u - values[k]) / (allowed - numberRounding)
        case let .color(values, allowed):
            return ColorBytes.interpolate(values[a], values[b], u).distance(to: values[k]) / allowed
        case .presence, .discrete:
            return 0
        }
    }
}

/// A colour as the frames write it (`#rrggbbaa`): four 8-bit channels, here as Doubles 0…255.
struct ColorBytes: Sendable, Equatable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double

    /// The bytes of `color.hex`, read back, so a keyframe holds exactly what a frame says.
    init(_ color: Color) {
        var channels = [Double](repeating: 0, count: 4)
        color.withHexUTF8 { text in
            func nibble(_ c: UInt8) -> Double {
                Double(c <= UInt8(ascii: "9") ? c - UInt8(ascii: "0") : c - UInt8(ascii: "a") + 10)
            }
            for i in 0..<4 { channels[i] = nibble(text[1 + 2 * i]) * 16 + nibble(text[2 + 2 * i]) }
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels[3])
    }

    init(red: Double, green: Double, blue: Double, alpha: Double) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    static let transparent = ColorBytes(red: 0, green: 0, blue: 0, alpha: 0)

    /// `#rrggbbaa`.
    var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + String([red, green, blue, alpha].flatMap { value -> [Character] in
            let byte = Int(value.rounded())
            return [digits[byte >> 4], digits[byte & 0xF]]
        })
    }

    /// What CSS shows a fraction `u` of the way from `a` to `b`: premultiplied sRGB (CSS Color 4,
    /// "Interpolating with alpha"), unpremultiplied again, not rounded.
    static func interpolate(_ a: ColorBytes, _ b: ColorBytes, _ u: Double) -> ColorBytes {
        let alpha = a.alpha + (b.alpha - a.alpha) * u
        func channel(_ ca: Double, _ cb: Double) -> Double {
            guard alpha > 0 else { return 0 }
            let premultiplied = ca * a.alpha + (cb * b.alpha - ca * a.alpha) * u
            return premultiplied / alpha
        }
        return ColorBytes(red: channel(a.red, b.red), green: channel(a.green, b.green),
                          blue: channel(a.blue, b.blue), alpha: alpha)
    }

    /// The largest channel difference; the colour channels count only where `other` is visible
    /// at all (a fully transparent colour has no colour to match).
    func distance(to other: ColorBytes) -> Double {
        var worst = abs(alpha - other.alpha)
        if other.alpha > 0 {
            worst = max(worst, abs(red - other.red), abs(green - other.green), abs(blue - other.blue))
        }
        return worst
    }
}
