import Testing
@testable import JSON
import TestSupport

/// A quick in-process stand-in for libFuzzer: the parser must return or throw, never trap, and
/// whatever it accepts must survive a round trip through the writer.
@Suite("JSON fuzz")
struct JSONFuzzTests {
    private func check(_ bytes: [UInt8]) {
        do {
            let value = try JSONParser().parse(bytes)
            #expect(try JSONParser().parse(serialize(value)) == value)
        } catch {
            #expect((0...bytes.count).contains(error.offset))
            #expect(!error.message.isEmpty)
        }
    }

    @Test func survivesRandomBytes() {
        var generator = SplitMix64(seed: 0xF022)
        let alphabet = Array(#"{}[]:,"\ -+.eE0123456789tfnrulsaxNI"#.utf8) + [0x00, 0x0A, 0x7F, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
        for _ in 0..<4_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator) ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            check(bytes)
        }
    }

    @Test func survivesMutationsOfValidDocuments() {
        var random = JSONFixtures.RandomJSON(seed: 0xBADC_0DE)
        var generator = SplitMix64(seed: 0x0DD5)
        let interesting = Array(#"{}[]:,"\u0-1.e"#.utf8) + [0x00, 0x80, 0xD8, 0xFF]
        for _ in 0..<3_000 {
            var bytes = serialize(random.value())
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0...bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where position < bytes.count:
                    bytes[position] = interesting.randomElement(using: &generator)!
                case 1 where position < bytes.count:
                    bytes.remove(at: position)
                case 2:
                    bytes.insert(interesting.randomElement(using: &generator)!, at: position)
                default:
                    bytes.removeSubrange(position...)
                }
            }
            check(bytes)
        }
    }
}
