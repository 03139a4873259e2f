/// An sRGB colour with straight (not premultiplied) alpha; components are gamma-encoded and may
/// leave [0, 1] mid-spring (extended range), clamped only for display.
public struct Color: Interpolatable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// 0xRRGGBB with alpha 1.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
                  blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }

    /// Core Animation's working model: every channel, alpha included, linear and independent.
    public static func interpolate(from: Color, to: Color, progress: Double) -> Color {
        Color(red: .interpolate(from: from.red, to: to.red, progress: progress),
              green: .interpolate(from: from.green, to: to.green, progress: progress),
              blue: .interpolate(from: from.blue, to: to.blue, progress: progress),
              alpha: .interpolate(from: from.alpha, to: to.alpha, progress: progress))
    }

    /// `#rrggbbaa`, each channel clamped to [0, 1] and rounded to 8 bits.
    public var hex: String {
        withHexUTF8 { String(decoding: $0, as: UTF8.self) }
    }

    /// The nine ASCII bytes of `hex`, made on the stack: frames carry thousands of colours, and
    /// the encoder copies these without building a `String` for each.
    public func withHexUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let digits = hexDigits
        // `#` and the first seven digits, then the last digit: nine bytes, low byte first.
        let text = (UInt64(UInt8(ascii: "#")) | digits << 8, digits >> 56)
        return try withUnsafeBytes(of: text) { try body(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[..<Color.hexLength])) }
    }

    /// The bytes of `hex`: `#` and four channels, two lowercase hex digits each.
    public static let hexLength = 9

    /// The eight digits of `hex` after its `#` as ASCII bytes, the first in the low byte (as
    /// they lie in memory on a little-endian machine): an encoder stores them as one word.
    @inline(__always)
    public var hexDigits: UInt64 {
        Color.hexPair(red) | Color.hexPair(green) << 16 | Color.hexPair(blue) << 32 | Color.hexPair(alpha) << 48
    }

    /// A channel's two lowercase hex digits, the high one in the low byte.
    private static func hexPair(_ channel: Double) -> UInt64 {
        // A non-finite channel (a progress that overflowed) shows as 0 rather than trapping.
        let byte = channel.isFinite ? UInt64((min(max(channel, 0), 1) * 255).rounded()) : 0
        return hexDigit(byte >> 4) | hexDigit(byte & 0xF) << 8
    }

    /// `0`–`9`, `a`–`f` for `nibble` 0–15, without a branch: 39 more from 10 on.
    private static func hexDigit(_ nibble: UInt64) -> UInt64 {
        UInt64(UInt8(ascii: "0")) + nibble + ((nibble + 6) >> 4) * 39
    }

    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a system colour name (light appearance).
    public init?(parsing text: String) {
        if let named = Color.systemColors.first(where: { $0.name == text }) {
            self = named.color
            return
        }
        let utf8 = Array(text.utf8)
        guard utf8.first == UInt8(ascii: "#") else { return nil }
        var nibbles: [UInt32] = []
        for c in utf8.dropFirst() {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibbles.append(UInt32(c - UInt8(ascii: "0")))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibbles.append(UInt32(c - UInt8(ascii: "a") + 10))
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibbles.append(UInt32(c - UInt8(ascii: "A") + 10))
            default: return nil
            }
        }
        func byte(_ i: Int) -> Double { Double(nibbles[i] << 4 | nibbles[i + 1]) / 255 }
        switch nibbles.count {
        case 3:
            self.init(red: Double(nibbles[0] * 17) / 255, green: Double(nibbles[1] * 17) / 255,
                      blue: Double(nibbles[2] * 17) / 255)
        case 6: self.init(red: byte(0), green: byte(2), blue: byte(4))
        case 8: self.init(red: byte(0), green: byte(2), blue: byte(4), alpha: byte(6))
        default: return nil
        }
    }

    /// UIKit's system colours in the light appearance (iOS 15+ values).
    public static let systemColors: [(name: String, color: Color)] = [
        ("systemBlue", Color(rgb: 0x007AFF)), ("systemRed", Color(rgb: 0xFF3B30)),
        ("systemGreen", Color(rgb: 0x34C759)), ("systemOrange", Color(rgb: 0xFF9500)),
        ("systemYellow", Color(rgb: 0xFFCC00)), ("systemPink", Color(rgb: 0xFF2D55)),
        ("systemPurple", Color(rgb: 0xAF52DE)), ("systemTeal", Color(rgb: 0x30B0C7)),
        ("systemIndigo", Color(rgb: 0x5856D6)), ("systemMint", Color(rgb: 0x00C7BE)),
        ("systemCyan", Color(rgb: 0x32ADE6)), ("systemBrown", Color(rgb: 0xA2845E)),
        ("systemGray", Color(rgb: 0x8E8E93)), ("systemGray2", Color(rgb: 0xAEAEB2)),
        ("systemGray3", Color(rgb: 0xC7C7CC)), ("systemGray4", Color(rgb: 0xD1D1D6)),
        ("systemGray5", Color(rgb: 0xE5E5EA)), ("systemGray6", Color(rgb: 0xF2F2F7)),
        ("switchOff", Color(rgb: 0xE9E9EA)),
        ("white", Color(rgb: 0xFFFFFF)), ("black", Color(rgb: 0x000000)),
        ("clear", Color(red: 0, green: 0, blue: 0, alpha: 0)),
    ]
}
