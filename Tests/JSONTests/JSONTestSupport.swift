@testable import JSON
import TestSupport

/// Parses UTF-8 text with the default parser.
func parseJSONText(_ text: String) throws(JSONParseError) -> JSON {
    try JSONParser().parse(Array(text.utf8))
}

/// The error parsing `bytes` throws, or nil when it parses.
func jsonParseFailure(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) -> JSONParseError? {
    do {
        _ = try JSONParser(maxDepth: maxDepth).parse(bytes)
        return nil
    } catch {
        return error
    }
}

func serializedJSONText(_ json: JSON) -> String {
    String(decoding: serialize(json), as: UTF8.self)
}

/// Seeded generators for the property and fuzz tests (namespaced: the test module is shared).
enum JSONFixtures {
    /// Random JSON values: every kind, nested, with awkward strings and numbers.
    struct RandomJSON {
        var generator: SplitMix64

        init(seed: UInt64) { generator = SplitMix64(seed: seed) }

        mutating func value(depth: Int = 0) -> JSON {
            let kinds = depth >= 4 ? 4 : 6
            switch Int.random(in: 0..<kinds, using: &generator) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &generator))
            case 2: return .number(number())
            case 3: return .string(string())
            case 4: return .array((0..<Int.random(in: 0...5, using: &generator)).map { _ in value(depth: depth + 1) })
            default: return .object(object(depth: depth + 1))
            }
        }

        mutating func object(depth: Int) -> JSONObject {
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...20, using: &generator) {
                let key = string()
                if object[key] == nil { object[key] = value(depth: depth) }
            }
            return object
        }

        /// Finite doubles of every shape: any bit pattern, integers, short decimals, tiny and huge.
        mutating func number() -> Double {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                let candidate = Double(bitPattern: generator.next())
                return candidate.isFinite ? candidate : 0
            case 1:
                return Double(Int.random(in: -1_000_000...1_000_000, using: &generator))
            case 2:
                return Double(Int.random(in: -100_000...100_000, using: &generator)) / 1000
            default:
                return [0.1, 1.0 / 3, .leastNonzeroMagnitude, 1.7976931348623157e308, -0.0, 1e21, 2.2250738585072014e-308]
                    .randomElement(using: &generator)!
            }
        }

        /// Strings mixing ASCII, JSON's special characters, controls and multi-byte scalars.
        mutating func string() -> String {
            let pool: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}",
                                          "é", "\u{2028}", "中", "😀", "\u{10FFFF}", "\u{FFFD}"]
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                scalars.append(pool.randomElement(using: &generator)!)
            }
            return String(scalars)
        }
    }
}
