import AnimationCore
import Testing
@testable import Routes

/// The strict readers remember which members they were asked for by position (a bit each for the
/// first 64, a list beyond): `finish()` still names the first member nobody asked for, in
/// document order, on either side of the 64th, and a key asked for but absent changes nothing.
@Suite struct StrictReaderTests {
    /// `{"m0": 0, "m1": 1, …}` with `count` members.
    static func members(_ count: Int) -> [(key: String, value: JSON)] {
        (0..<count).map { (key: "m\($0)", value: .number(Double($0))) }
    }

    /// What `finish()` refuses after asking for `asked` (and a missing key), through both readers.
    static func refused(_ count: Int, asking asked: [Int]) throws -> (object: WireError?, tree: DocumentError?) {
        let json = JSON.object(JSONObject(members(count)))
        var object = try ObjectReader(json, path: "config")
        var tree = try TreeReader(json, at: TreePath([.key("config")]))
        for position in asked {
            #expect(object.raw("m\(position)") == .number(Double(position)))
            #expect(tree.raw("m\(position)") == .number(Double(position)))
        }
        #expect(object.raw("missing") == nil)
        #expect(tree.raw("missing") == nil)
        var objectError: WireError?
        do throws(WireError) { try object.finish() } catch { objectError = error }
        var treeError: DocumentError?
        do throws(DocumentError) { try tree.finish() } catch { treeError = error }
        return (objectError, treeError)
    }

    @Test func everyMemberAskedForFinishes() throws {
        let asked = Array(0..<70) + [3, 64, 64]
        let (object, tree) = try Self.refused(70, asking: asked)
        #expect(object == nil)
        #expect(tree == nil)
    }

    /// Members asked for, and the one `finish()` must name.
    static let gaps: [([Int], String)] = [
        (Array(0..<70).filter { $0 != 5 }, "m5"),
        (Array(0..<70).filter { $0 != 63 && $0 != 69 }, "m63"),
        (Array(0..<70).filter { $0 != 64 }, "m64"),
        (Array(0..<69), "m69"),
        ([0, 1, 2], "m3"),
    ]

    @Test(arguments: gaps)
    func theFirstMemberNobodyAskedForIsRefused(asked: [Int], named: String) throws {
        let (object, tree) = try Self.refused(70, asking: asked)
        #expect(object == WireError(field: "config.\(named)", "unknown field"))
        #expect(tree == DocumentError(.invalidField, at: TreePath([.key("config"), .key(named)]), "unknown field"))
    }
}
