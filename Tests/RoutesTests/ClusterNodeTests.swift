import Synchronization
import Testing
@testable import Routes

@Suite("Cluster: node ids in session ids, /healthz, the list's node parameter, X-Node")
struct ClusterNodeTests {
    /// An app that is node `node1` and makes the ids it is given, in order.
    static func node(_ node: String? = "node1", ids: [String] = ["node1-00000000000000000000000000000001"],
                     journal: (any SessionJournal)? = nil) -> Application {
        let pool = Mutex(ids)
        return makeApp(AppEnvironment(now: { 1000 }, makeID: { pool.withLock { $0.removeFirst() } },
                                         journal: journal, node: node))
    }

    static func get(_ router: Application, _ target: String) -> HTTPResponse {
        router.respond(to: HTTPRequest(method: "GET", target: target))
    }

    @Test func nodeIDsAreLowercaseLettersAndDigitsUpTo32() {
        for valid in ["node1", "n98a7dfaa", "a", "0", String(repeating: "z", count: 32)] {
            #expect(NodeID.isValid(valid), "\(valid)")
        }
        for invalid in ["", "Node1", "node-1", "node_1", "nöde", "node 1", String(repeating: "z", count: 33)] {
            #expect(!NodeID.isValid(invalid), "\(invalid)")
        }
    }

    @Test func theDefaultIsNAndTheFNV1aHashOfHostColonPort() {
        // Expected values from an independent FNV-1a (32-bit) over the UTF-8 text "host:port".
        #expect(NodeID.derived(host: "build-host", port: 8080) == "n98a7dfaa")
        #expect(NodeID.derived(host: "build-host", port: 8081) == "n99a7e13d")
        #expect(NodeID.derived(host: "localhost", port: 8080) == "n8df175a0")
        #expect(NodeID.derived(host: "a", port: 0) == "ndabd3cd6")
        #expect(NodeID.isValid(NodeID.derived(host: "anything.example", port: 65535)))
    }

    @Test func aSessionIDNamesItsOwner() {
        let id = NodeID.sessionID(node: "node2", random: "0123456789abcdef0123456789abcdef")
        #expect(id == "node2-0123456789abcdef0123456789abcdef")
        #expect(NodeID.owner(ofSession: id) == "node2")
        #expect(NodeID.owner(ofSession: "0123456789abcdef0123456789abcdef") == nil, "an id from before clusters")
        #expect(NodeID.owner(ofSession: "Node2-0123") == nil)
        #expect(NodeID.owner(ofSession: "-0123") == nil)
    }

    @Test func healthzNamesTheNode() throws {
        #expect(try expectOK(Self.get(Self.node(), "/healthz")) == ["status": "ok", "node": "node1"])
        #expect(try expectOK(Self.get(Self.node(nil), "/healthz")) == ["status": "ok"], "outside a cluster: no node")
    }

    @Test func everyAnswerCarriesXNode() {
        let router = Self.node()
        for target in ["/healthz", "/v1/sessions", "/v1/sessions/nope", "/nowhere", "/v1/curves/spring?fps=0"] {
            #expect(Self.get(router, target).headers["X-Node"] == "node1", "\(target)")
        }
        #expect(Self.get(Self.node(nil), "/healthz").headers["X-Node"] == nil)
    }

    @Test func theListNamesItsNodeAndTakesItsOwnID() throws {
        let router = Self.node()
        let created = router.respond(to: HTTPRequest(method: "POST", target: "/v1/sessions", body: Array(#"{"control":"switch"}"#.utf8)))
        #expect(created.status == 201)
        #expect(created.headers["Location"] == "/v1/sessions/node1-00000000000000000000000000000001")
        let expected: JSON = ["node": "node1", "sessions": [
            ["id": "node1-00000000000000000000000000000001", "control": "switch", "clock": "virtual", "time": 0],
        ]]
        #expect(try expectOK(Self.get(router, "/v1/sessions")) == expected)
        #expect(try expectOK(Self.get(router, "/v1/sessions?node=node1")) == expected)
    }

    @Test func anotherNodesIDIs404AndNotANodeIDIs400() throws {
        let problem = try expectProblem(Self.get(Self.node(), "/v1/sessions?node=node2"), 404, "node_not_found", field: "node")
        #expect(problem["detail"]?.stringValue?.contains("this is node 'node1'") == true)
        try expectProblem(Self.get(Self.node(nil), "/v1/sessions?node=node1"), 404, "node_not_found", field: "node")
        for bad in ["", "Node1", "node-1", "x%20y", String(repeating: "a", count: 33)] {
            try expectProblem(Self.get(Self.node(), "/v1/sessions?node=\(bad)"), 400, "invalid_query", field: "node")
        }
        try expectProblem(Self.get(Self.node(), "/v1/sessions?node=node1&node=node1"), 400, "invalid_query", field: "node")
        try expectProblem(Self.get(Self.node(), "/v1/sessions?nodes=node1"), 400, "invalid_query", field: "nodes")
    }

    @Test func sessionsJournalledBeforeNodeIDsAreStillFound() throws {
        // A journal written before ids named nodes: 32 hex digits alone.
        let old = "0123456789abcdef0123456789abcdef"
        let before = MemoryJournal()
        let writer = Self.node(nil, ids: [old], journal: before)
        #expect(writer.respond(to: HTTPRequest(method: "POST", target: "/v1/sessions", body: Array(#"{"control":"switch"}"#.utf8))).status == 201)
        #expect(writer.respond(to: HTTPRequest(method: "POST", target: "/v1/sessions/\(old)/events",
                                               body: Array(#"{"type":"tap","t":0,"x":25,"y":15}"#.utf8))).status == 200)
        let frames = Self.get(writer, "/v1/sessions/\(old)/frames?from=0&to=0.3&fps=30").body

        let router = Self.node(journal: MemoryJournal())
        #expect(router.restore(entries: before.all).sessions == 1)
        #expect(Self.get(router, "/v1/sessions/\(old)/frames?from=0&to=0.3&fps=30").body == frames)
        #expect(try Self.get(router, "/v1/sessions").json()["sessions"]?.arrayValue?.first?["id"]?.stringValue == old)
    }
}
