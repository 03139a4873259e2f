import AnimationCore
import Testing
import TestSupport
@testable import Routes

/// `SlotTable`, the store's table of live sessions by id (open addressing, backward-shift
/// removal), against a Dictionary driven by the same seeded operations.
@Suite("SlotTable: the live sessions by id, as a Dictionary would keep them")
struct SlotTableTests {
    static let version: DefinitionVersion = {
        let entry = BuiltInControls.all[0]
        return DefinitionVersion(document: entry.document, definition: entry.definition)
    }()
    static let instance = try! ControlInstance(version.definition, name: "button", configuration: nil)

    static func slot(_ id: String, sequence: UInt32 = 0) -> SessionSlot {
        SessionSlot(id: id, clock: .virtual, version: version, createdAt: 0, sequence: sequence,
                    session: Session(configuration: instance), lastAccess: 0)
    }

    @Test("Creation order holds across the 32-bit sequence's wrap")
    func creationOrderAcrossTheWrap() {
        var table = SessionStore.Table()
        table.nextSequence = UInt32.max - 2
        // Made in this order: the sequence goes …FFFD, …FFFE, …FFFF, 0, 1.
        let made = ["a", "b", "c", "d", "e"].map { Self.slot($0, sequence: table.takeSequence()) }
        #expect(made.map(\.sequence) == [4_294_967_293, 4_294_967_294, 4_294_967_295, 0, 1])
        #expect(table.nextSequence == 2)
        let shuffled = [made[3], made[0], made[4], made[2], made[1]]
        #expect(table.inCreationOrder(shuffled).map(\.id) == ["a", "b", "c", "d", "e"])
    }

    @Test("20,000 seeded adds, replacements, removals and sweeps find what a Dictionary finds")
    func againstDictionary() {
        var generator = SplitMix64(seed: 16)
        var table = SlotTable()
        var oracle: [String: SessionSlot] = [:]
        // Few distinct ids, so the same ones come back, collide and are removed often; half of
        // them as the server makes them (kept as 128 bits), half text.
        func id() -> String {
            let n = generator.next() % 3_000
            return n % 2 == 0 ? "session-\(n)" : "n1-" + String(repeating: "0", count: 28) + String(n, radix: 16).leftPadded(4)
        }
        for step in 0..<20_000 {
            switch generator.next() % 10 {
            case 0..<5:
                let slot = Self.slot(id())
                table.insert(slot)
                oracle[slot.id] = slot
            case 5..<8:
                let key = id()
                #expect(table.removeValue(forKey: key) === oracle.removeValue(forKey: key))
            case 8:
                let key = id()
                #expect(table[key] === oracle[key])
            default:
                if step % 7 == 0 {
                    // A sweep: every id ending in 3 goes.
                    let removed = table.removeAll { $0.id.hasSuffix("3") }
                    let expected = oracle.values.filter { $0.id.hasSuffix("3") }
                    #expect(Set(removed.map(\.id)) == Set(expected.map(\.id)))
                    #expect(removed.count == expected.count)
                    oracle = oracle.filter { !$0.key.hasSuffix("3") }
                }
            }
            #expect(table.count == oracle.count)
        }
        for (key, slot) in oracle { #expect(table[key] === slot) }
        #expect(Set(table.values.map(\.id)) == Set(oracle.keys))
        #expect(table["absent"] == nil)
    }

    @Test("Emptied by removals and sweeps, then filled again")
    func emptiedAndRefilled() {
        var table = SlotTable()
        let slots = (0..<100).map { Self.slot("s\($0)") }
        for slot in slots { table.insert(slot) }
        #expect(table.count == 100)
        for slot in slots.prefix(50) { #expect(table.removeValue(forKey: slot.id) === slot) }
        #expect(table.removeAll { _ in true }.count == 50)
        #expect(table.isEmpty && table.values.isEmpty && table["s70"] == nil)
        table.insert(slots[7])
        #expect(table["s7"] === slots[7] && table.count == 1)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// `SessionKey`: an id kept as 128 bits where it ends in 32 lowercase hex digits gives back the
/// very text it was made of, and two keys are equal exactly when their texts are.
@Suite("SessionKey: the id as its slot keeps it")
struct SessionKeyTests {
    static let ids = [
        "0123456789abcdef0123456789abcdef", "00000000000000000000000000000001", "ffffffffffffffffffffffffffffffff",
        "n1a2b3c4d-0123456789abcdef0123456789abcdef", "node-with-a-long-name-past-15-bytes-fedcba9876543210fedcba9876543210",
        "é-0123456789abcdef0123456789abcdef", "x0123456789abcdef0123456789abcdef",
        "0123456789ABCDEF0123456789ABCDEF", "0123456789abcdef0123456789abcdeg", "0123456789abcdef0123456789abcde",
        "", "a", "session-3", "n1-0123456789abcdef0123456789abcdef",
    ]

    @Test("The text comes back; hex ids are kept as bits, others as text", arguments: ids)
    func roundTrip(_ id: String) {
        let key = SessionKey(id)
        #expect(key.string == id)
        let bytes = Array(id.utf8)
        let hex = bytes.count >= 32 && bytes.suffix(32).allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
        #expect(key.hasDigits == hex)
        if hex { #expect(key.prefix.utf8.count == bytes.count - 32) }
    }

    @Test("Equal keys are equal texts")
    func equality() {
        for a in Self.ids {
            for b in Self.ids {
                #expect((SessionKey(a) == SessionKey(b)) == (a == b), "\(a) \(b)")
                if a == b { #expect(SessionKey(a).hashValue == SessionKey(b).hashValue) }
            }
        }
        // The digits' value: 0x0123… in the first half, 0x0123… in the second.
        let key = SessionKey("n1a2b3c4d-0123456789abcdef00000000000000ff")
        #expect(key.prefix == "n1a2b3c4d-" && key.high == 0x0123_4567_89AB_CDEF && key.low == 0xFF)
    }
}
