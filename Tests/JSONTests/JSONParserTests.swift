import Testing
@testable import JSON
import TestSupport

@Suite("JSONParser")
struct JSONParserTests {
    struct Valid: Sendable, CustomTestStringConvertible {
        let text: String
        let expected: JSON
        var testDescription: String { text }
        init(_ text: String, _ expected: JSON) {
            self.text = text
            self.expected = expected
        }
    }

    static let validDocuments: [Valid] = [
        Valid("null", nil),
        Valid("true", true),
        Valid("false", false),
        Valid("0", 0),
        Valid("51", 51),
        Valid("-3", -3),
        Valid("-1.5", -1.5),
        Valid("15.53210987", 15.53210987),
        Valid("1e3", 1000),
        Valid("1E+3", 1000),
        Valid("25e-2", 0.25),
        Valid("0.000001", 0.000001),
        Valid(#""""#, ""),
        Valid(#""abc""#, "abc"),
        Valid(#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        Valid(#""\u00e9\u00C9""#, "éÉ"),
        Valid(#""\u0000""#, "\u{0}"),
        Valid(#""\uD83D\uDE00""#, "😀"),
        Valid(#""\ud83d\ude00x""#, "😀x"),
        Valid("\"é中😀\u{7F}\"", "é中😀\u{7F}"),
        Valid("[]", []),
        Valid("{}", [:]),
        Valid("[1,[2,[3,[]]],{}]", [1, [2, [3, []]], [:]]),
        Valid(#"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#,
              ["a": 1, "b": [true, false, nil], "c": ["d": "e"]]),
        Valid(" \t\n\r[ 1 ,\n2 ] \r\n", [1, 2]),
        Valid(#"{ "a" : { "a" : 1 } }"#, ["a": ["a": 1]]),
    ]

    @Test(arguments: validDocuments)
    func parsesValidDocument(_ document: Valid) throws {
        #expect(try parseJSONText(document.text) == document.expected)
    }

    @Test func keepsMembersInDocumentOrder() throws {
        let object = try #require(try parseJSONText(#"{"b":1,"a":2,"c":3}"#).objectValue)
        #expect(object.keys == ["b", "a", "c"])
    }

    @Test func parsesFromSlicesBuffersAndUTF8Views() throws {
        let parser = JSONParser()
        let bytes = Array("xx[1,2]yy".utf8)
        #expect(try parser.parse(bytes[2..<7]) == [1, 2])
        #expect(try parser.parse("[3]".utf8) == [3])
        #expect(try parser.parse(AnyCollection(Array("{}".utf8))) == [:])
        let fromBuffer = try bytes[2..<7].withUnsafeBytes { buffer throws(JSONParseError) in try parser.parse(buffer) }
        #expect(fromBuffer == [1, 2])
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let bytes: [UInt8]
        let reason: JSONParseError.Reason
        let offset: Int
        var testDescription: String { String(decoding: bytes, as: UTF8.self) }
        init(_ text: String, _ reason: JSONParseError.Reason, at offset: Int) {
            self.init(Array(text.utf8), reason, at: offset)
        }
        init(_ bytes: [UInt8], _ reason: JSONParseError.Reason, at offset: Int) {
            self.bytes = bytes
            self.reason = reason
            self.offset = offset
        }
    }

    static let failures: [Failure] = [
        Failure("", .unexpectedEnd, at: 0),
        Failure("  \n", .unexpectedEnd, at: 3),
        Failure("[1", .unexpectedEnd, at: 2),
        Failure("[1,", .unexpectedEnd, at: 3),
        Failure(#"{"a":"#, .unexpectedEnd, at: 5),
        Failure(#"{"a""#, .unexpectedEnd, at: 4),
        Failure("tru", .unexpectedEnd, at: 3),
        Failure("x", .unexpectedCharacter, at: 0),
        Failure("[1,2,x]", .unexpectedCharacter, at: 5),
        Failure("[1,]", .unexpectedCharacter, at: 3),
        Failure("[1 2]", .unexpectedCharacter, at: 3),
        Failure(#"{"a" 1}"#, .unexpectedCharacter, at: 5),
        Failure(#"{"a":1,}"#, .unexpectedCharacter, at: 7),
        Failure(#"{"a":1]"#, .unexpectedCharacter, at: 6),
        Failure("{a:1}", .unexpectedCharacter, at: 1),
        Failure("trux", .unexpectedCharacter, at: 3),
        Failure("nul1", .unexpectedCharacter, at: 3),
        Failure("'a'", .unexpectedCharacter, at: 0),
        Failure("[1,2]/*c*/", .trailingCharacters, at: 5),
        Failure(".5", .unexpectedCharacter, at: 0),
        Failure("+1", .unexpectedCharacter, at: 0),
        Failure([0xEF, 0xBB, 0xBF, 0x31], .unexpectedCharacter, at: 0),
        Failure(#""abc"#, .unterminatedString, at: 0),
        Failure(#"["abc"#, .unterminatedString, at: 1),
        Failure(#""ab\"#, .unterminatedString, at: 0),
        Failure(#""\u12"#, .unterminatedString, at: 0),
        Failure(#""é"#, .unterminatedString, at: 0),
        Failure(#""\x""#, .invalidEscape, at: 1),
        Failure(#""ab\'""#, .invalidEscape, at: 3),
        Failure(#""\u12G4""#, .invalidEscape, at: 1),
        Failure(#""\uD800\u12G4""#, .invalidEscape, at: 7),
        Failure(#""\uD800""#, .loneSurrogate, at: 1),
        Failure(#""\uDC00""#, .loneSurrogate, at: 1),
        Failure(#""a\uD800\u0041""#, .loneSurrogate, at: 2),
        Failure(#""\uD800\uD800""#, .loneSurrogate, at: 1),
        Failure(#""\uD800\n""#, .loneSurrogate, at: 1),
        Failure("\"a\nb\"", .controlCharacter, at: 2),
        Failure("\"\t\"", .controlCharacter, at: 1),
        Failure([0x22, 0x00, 0x22], .controlCharacter, at: 1),
        Failure([0x22, 0xFF, 0x22], .invalidUTF8, at: 1),
        Failure([0x22, 0x80, 0x22], .invalidUTF8, at: 1),
        Failure([0x22, 0xC0, 0x80, 0x22], .invalidUTF8, at: 1),
        Failure([0x22, 0x61, 0xC3, 0x22], .invalidUTF8, at: 2),
        Failure([0x22, 0xE0, 0x80, 0x80, 0x22], .invalidUTF8, at: 1),
        Failure([0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, at: 1),
        Failure([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, at: 1),
        Failure([0x22, 0xF0, 0x9F, 0x98], .invalidUTF8, at: 1),
        Failure("1 2", .trailingCharacters, at: 2),
        Failure("{}x", .trailingCharacters, at: 2),
        Failure("0x10", .trailingCharacters, at: 1),
        Failure("[]]", .trailingCharacters, at: 2),
        Failure("1e400", .numberOutOfRange, at: 0),
        Failure("-1e400", .numberOutOfRange, at: 0),
        Failure("[0, 1.8e308]", .numberOutOfRange, at: 4),
        Failure("1" + String(repeating: "0", count: 400), .numberOutOfRange, at: 0),
        Failure("1e99999999999999999999", .numberOutOfRange, at: 0),
        Failure("01", .leadingZeros, at: 0),
        Failure("-01", .leadingZeros, at: 0),
        Failure("[00]", .leadingZeros, at: 1),
        Failure("-", .invalidNumber, at: 1),
        Failure("-a", .invalidNumber, at: 1),
        Failure("1.", .invalidNumber, at: 2),
        Failure("1.e3", .invalidNumber, at: 2),
        Failure("1e", .invalidNumber, at: 2),
        Failure("1e+", .invalidNumber, at: 3),
        Failure("[1E-x]", .invalidNumber, at: 4),
        Failure("NaN", .nonFiniteNumber, at: 0),
        Failure("Infinity", .nonFiniteNumber, at: 0),
        Failure("-Infinity", .nonFiniteNumber, at: 0),
        Failure(#"{"x": NaN}"#, .nonFiniteNumber, at: 6),
        Failure("Nope", .unexpectedCharacter, at: 0),
        Failure(#"{"a":1,"a":2}"#, .duplicateKey, at: 7),
        Failure(#"{"a":1,"b":{},"\u0061":2}"#, .duplicateKey, at: 14),
    ]

    @Test(arguments: failures)
    func rejectsInvalidDocument(_ failure: Failure) {
        let error = jsonParseFailure(failure.bytes)
        #expect(error?.reason == failure.reason)
        #expect(error?.offset == failure.offset)
    }

    @Test func explainsErrorsInStableWords() {
        func message(_ text: String) -> String? { jsonParseFailure(Array(text.utf8))?.message }
        #expect(message("[1,2,x]") == "unexpected character 'x' at byte 5")
        #expect(message("[1") == "unexpected end of input at byte 2")
        #expect(jsonParseFailure([0xEF, 0xBB, 0xBF])?.message == "unexpected byte 0xEF at byte 0")
        #expect(message(#"["abc"#) == "unterminated string starting at byte 1")
        #expect(message(#""\q""#) == "invalid escape at byte 1")
        #expect(jsonParseFailure([0x22, 0xFF, 0x22])?.message == "invalid UTF-8 at byte 1")
        #expect(message(#""\uDC00""#) == "lone surrogate at byte 1")
        #expect(message("\"\n\"") == "unescaped control character 0x0A in string at byte 1")
        #expect(message("1 2") == "trailing characters after the JSON value at byte 2")
        #expect(message("1e400") == "number out of range at byte 0")
        #expect(message("01") == "leading zeros in number at byte 0")
        #expect(message("1.") == "invalid number, expected a digit at byte 2")
        #expect(message("-Infinity") == "NaN and Infinity are not JSON numbers at byte 0")
        #expect(message(#"{"x":1,"x":2}"#) == #"duplicate key "x" at byte 7"#)
        #expect(message(#"{"\n":1,"\n":2}"#) == #"duplicate key "\n" at byte 8"#)
        #expect(JSONParseError.Reason.duplicateKey.rawValue == "duplicate_key")
        #expect(JSONParseError.Reason.allCases.count == 14)
    }

    @Test func rejectsDuplicateKeysInLargeObjects() {
        let members = (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let text = "{\(members),\"k17\":0}"
        let error = jsonParseFailure(Array(text.utf8))
        #expect(error?.reason == .duplicateKey)
        #expect(error?.offset == text.utf8.count - 8)
    }

    @Test func looksUpMembersOfLargeObjects() throws {
        let members = (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let json = try parseJSONText("{\(members)}")
        #expect(json["k0"] == 0)
        #expect(json["k39"] == 39)
        #expect(json["k40"] == nil)
        #expect(json.objectValue?.count == 40)
    }

    @Test func limitsNestingTo64ByDefault() throws {
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try parseJSONText(deepest) }
        let tooDeep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        let error = jsonParseFailure(Array(tooDeep.utf8))
        #expect(error?.reason == .tooDeep)
        #expect(error?.offset == 64)
        #expect(error?.message == "nesting deeper than 64 at byte 64")
        let objects = String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65)
        #expect(jsonParseFailure(Array(objects.utf8))?.offset == 5 * 64)
    }

    @Test func honoursACustomDepthWithoutRecursingOnHostileInput() {
        #expect(jsonParseFailure(Array("[[1]]".utf8), maxDepth: 2) == nil)
        #expect(jsonParseFailure(Array("[[[1]]]".utf8), maxDepth: 2)?.offset == 2)
        #expect(jsonParseFailure(Array("[]".utf8), maxDepth: 0)?.reason == .tooDeep)
        #expect(jsonParseFailure(Array("1".utf8), maxDepth: 0) == nil)
        let hostile = [UInt8](repeating: JSONByte.openBracket, count: 200_000)
        #expect(jsonParseFailure(hostile)?.reason == .tooDeep)
    }

    @Test func keepsTheSignOfNegativeZero() throws {
        for text in ["-0", "-0.0", "-0e10", "-1e-400"] {
            let value = try #require(try parseJSONText(text).doubleValue)
            #expect(value == 0 && value.sign == .minus, "\(text)")
        }
        #expect(try parseJSONText("0").doubleValue?.sign == .plus)
    }

    @Test(arguments: [
        ("0.1", 0.1),
        ("0.30000000000000004", 0.30000000000000004),
        ("123456789012345678", 1.2345678901234568e17),
        ("9007199254740993", 9007199254740992.0),
        ("12345678901234567890123", 1.2345678901234568e22),
        ("1e21", 1e21),
        ("1e22", 1e22),
        ("1e23", 1e23),
        ("5e-324", .leastNonzeroMagnitude),
        ("2.4703282292062328e-324", .leastNonzeroMagnitude),
        ("2.2250738585072014e-308", 2.2250738585072014e-308),
        ("1.7976931348623157e308", 1.7976931348623157e308),
        ("3.141592653589793238462643383279502884197", 3.141592653589793),
        ("0.0000000000000000000000000000001", 1e-31),
        ("1e-400", 0),
        ("100000000000000000000000000000000000000e-38", 1),
    ])
    func convertsNumbersExactly(_ text: String, _ expected: Double) throws {
        let value = try #require(try parseJSONText(text).doubleValue)
        #expect(value.bitPattern == expected.bitPattern, "\(text) → \(value)")
    }

    /// The standard library's own correctly rounded `Double(String)` is the oracle.
    @Test func agreesWithTheStandardLibraryOnRandomDecimals() throws {
        var generator = SplitMix64(seed: 0xDEC1_4A15)
        for _ in 0..<5_000 {
            let integer = String(UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator))
            let fraction = String(UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator))
            let exponent = Int.random(in: -330...310, using: &generator)
            let sign = Bool.random(using: &generator) ? "-" : ""
            let text = "\(sign)\(integer).\(fraction)e\(exponent)"
            let expected = try #require(Double(text))
            if expected.isInfinite {
                #expect(jsonParseFailure(Array(text.utf8))?.reason == .numberOutOfRange, "\(text)")
            } else {
                let value = try #require(try parseJSONText(text).doubleValue)
                #expect(value.bitPattern == expected.bitPattern, "\(text)")
            }
        }
    }
}
