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

    static func slot(_ id: String) -> SessionSlot {
        SessionSlot(id: id, clock: .virtual, version: version, createdAt: 0, sequence: 0,
                    session: Session(configuration: instance), lastAccess: 0)
    }

    @Test("20,000 seeded adds, replacements, removals and sweeps find what a Dictionary finds")
    func againstDictionary() {
        var generator = SplitMix64(seed: 16)
        var table = SlotTable()
        var oracle: [String: SessionSlot] = [:]
        // Few distinct ids, so the same ones come back, collide and are removed often.
        func id() -> String { "session-\(generator.next() % 3_000)" }
        for step in 0..<20_000 {
            switch generator.next() % 10 {
            case 0..<5:
                let slot = Self.slot(id())
                table[slot.id] = slot
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
        for slot in slots { table[slot.id] = slot }
        #expect(table.count == 100)
        for slot in slots.prefix(50) { #expect(table.removeValue(forKey: slot.id) === slot) }
        #expect(table.removeAll { _ in true }.count == 50)
        #expect(table.isEmpty && table.values.isEmpty && table["s70"] == nil)
        table[slots[7].id] = slots[7]
        #expect(table["s7"] === slots[7] && table.count == 1)
    }
}
