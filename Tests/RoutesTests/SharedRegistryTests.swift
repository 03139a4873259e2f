import Foundation
import Synchronization
import Testing
@testable import Routes

/// An in-process etcd: the KV API's ranges and transactions over one revision counter, as etcd
/// keeps them (a put bumps the store's revision and sets the key's `mod_revision` to it; a missing
/// key's is 0). It can be taken down, and it can run another client's request between a read and
/// a transaction (`interleave`), which is how two racing changes meet in etcd.
final class FakeEtcd: KeyValueStore {
    struct Entry { var value: [UInt8]; var mod: Int64; var create: Int64 }
    struct State {
        var revision: Int64 = 1
        var entries: [String: Entry] = [:]
        var down = false
        var calls = 0
        /// Run once, just before the next transaction is judged.
        var interleave: (@Sendable () -> Void)?
    }

    let state = Mutex(State())

    var down: Bool {
        get { state.withLock { $0.down } }
        set { state.withLock { $0.down = newValue } }
    }

    var calls: Int { state.withLock { $0.calls } }

    func interleave(_ work: @escaping @Sendable () -> Void) { state.withLock { $0.interleave = work } }

    func range(_ key: String, prefix: Bool) throws(RegistryError) -> KeyValueRange {
        try state.withLock { (state: inout State) throws(RegistryError) -> KeyValueRange in
            state.calls += 1
            guard !state.down else { throw RegistryError("connection refused") }
            let pairs = state.entries.filter { prefix ? $0.key.hasPrefix(key) : $0.key == key }.sorted { $0.key < $1.key }
                .map { KeyValue(key: $0.key, value: $0.value.value, modRevision: $0.value.mod, createRevision: $0.value.create) }
            return KeyValueRange(revision: state.revision, pairs: pairs)
        }
    }

    func commit(_ transaction: KeyValueTransaction) throws(RegistryError) -> KeyValueCommit {
        let interleave = state.withLock { state in
            defer { state.interleave = nil }
            return state.interleave
        }
        interleave?()
        return try state.withLock { (state: inout State) throws(RegistryError) -> KeyValueCommit in
            state.calls += 1
            guard !state.down else { throw RegistryError("connection refused") }
            let holds = transaction.compares.allSatisfy { (state.entries[$0.key]?.mod ?? 0) == $0.modRevision }
            guard holds else { return KeyValueCommit(succeeded: false, revision: state.revision) }
            state.revision += 1
            for put in transaction.puts {
                state.entries[put.key] = Entry(value: put.value, mod: state.revision, create: state.entries[put.key]?.create ?? state.revision)
            }
            for key in transaction.deletes { state.entries[key] = nil }
            return KeyValueCommit(succeeded: true, revision: state.revision)
        }
    }
}

/// Jobs handed to `AppEnvironment.offload`, run when the test says (nothing runs on its own).
final class HeldJobs: Sendable {
    private let jobs = Mutex<[@Sendable () -> Void]>([])
    var count: Int { jobs.withLock { $0.count } }
    func add(_ job: @escaping @Sendable () -> Void) { jobs.withLock { $0.append(job) } }
    func runAll() {
        for job in jobs.withLock({ jobs in defer { jobs = [] }; return jobs }) { job() }
    }
}

/// One node of a cluster sharing `etcd`: an app with the registry on it; offloaded work runs inline
/// unless `held` keeps it.
func clusterNode(_ etcd: FakeEtcd, node: String, held: HeldJobs? = nil) -> Application {
    let ids = CountingIDs()
    var environment = AppEnvironment(now: { 1000 }, makeID: { "\(node)-\(ids.next())" }, node: node)
    environment.registry = etcd
    if let held { environment.offload = { held.add($0) } }
    return makeApp(environment)
}

/// The answer, waiting for a pending one (delivered at once where offloaded work runs inline).
func answered(_ response: HTTPResponse) -> HTTPAnswer? {
    switch response {
    case let .now(answer): return answer
    case let .later(pending):
        let delivered = Mutex<HTTPAnswer?>(nil)
        pending.onReady { answer in delivered.withLock { $0 = answer } }
        return delivered.withLock { $0 }
    }
}

func send(_ app: Application, _ method: String, _ target: String, _ body: String? = nil,
          headers extra: [(String, String)] = []) -> (status: Int, headers: HTTPHeaders, json: JSON?) {
    var headers = HTTPHeaders()
    if body != nil { headers.add("Content-Type", "application/json") }
    for (name, value) in extra { headers.add(name, value) }
    guard let answer = answered(app.respond(to: HTTPRequest(method: method, target: target, headers: headers,
                                                            body: Array((body ?? "").utf8)))) else {
        return (0, HTTPHeaders(), nil)
    }
    return (answer.status, answer.headers, try? JSONParser().parse(answer.body))
}

/// The same control as `dotDefinition` but bigger by default, so a replacement is visible.
let bigDotDefinition = dotDefinition.replacingOccurrences(of: #""default": 20"#, with: #""default": 40"#)

@Suite("The registry a cluster shares, on a fake etcd")
struct SharedRegistryTests {
    @Test func aRegistrationOnOneNodeIsSeenByTheNextRequestOnAnother() throws {
        let etcd = FakeEtcd()
        let (a, b) = (clusterNode(etcd, node: "a"), clusterNode(etcd, node: "b"))
        #expect(send(b, "POST", "/v1/sessions", #"{"control":"dot"}"#).json?["code"] == .string("unknown_control"))
        let registered = send(a, "POST", "/v1/controls", #"{"name":"dot","definition":\#(dotDefinition)}"#)
        #expect(registered.status == 201)
        let digest = try #require(registered.json?["digest"]?.stringValue)
        #expect(registered.headers["ETag"] == "\"\(digest)\"")
        // etcd holds the name → digest and the definition under its digest.
        let kept = try etcd.range("/controlsim/", prefix: true).pairs
        #expect(kept.map(\.key) == ["/controlsim/controls/dot", "/controlsim/definitions/\(digest)"])
        #expect(kept.first?.value == Array(digest.utf8))
        #expect(try JSONParser().parse(kept[1].value) == registered.json?["definition"])
        let created = send(b, "POST", "/v1/sessions", #"{"control":"dot"}"#)
        #expect(created.status == 201)
        #expect(created.json?["config"]?["size"] == .number(20))
        let listed = send(b, "GET", "/v1/controls").json?["controls"]?.arrayValue ?? []
        #expect(listed.last?["name"] == .string("dot"))
        #expect(listed.count == (try BuiltInFiles.all()).count + 1, "the built-ins and dot")
        #expect(send(b, "GET", "/v1/controls/dot").json?["digest"] == .string(digest))
    }

    @Test func aReplacementAndARemovalReachEveryNodeAndSessionsKeepTheirDefinition() throws {
        let etcd = FakeEtcd()
        let (a, b) = (clusterNode(etcd, node: "a"), clusterNode(etcd, node: "b"))
        #expect(send(a, "PUT", "/v1/controls/dot", #"{"definition":\#(dotDefinition)}"#).status == 201)
        let before = try #require(send(b, "POST", "/v1/sessions", #"{"control":"dot"}"#).json?["id"]?.stringValue)
        #expect(send(a, "PUT", "/v1/controls/dot", #"{"definition":\#(bigDotDefinition)}"#).status == 200)
        #expect(send(b, "POST", "/v1/sessions", #"{"control":"dot"}"#).json?["config"]?["size"] == .number(40))
        #expect(send(a, "DELETE", "/v1/controls/dot").status == 204)
        #expect(send(b, "POST", "/v1/sessions", #"{"control":"dot"}"#).json?["code"] == .string("unknown_control"))
        #expect(send(b, "GET", "/v1/controls/dot").status == 404)
        #expect(send(a, "DELETE", "/v1/controls/dot").status == 404)
        // The session made before keeps its definition, without etcd.
        etcd.down = true
        #expect(send(b, "GET", "/v1/sessions/\(before)").json?["config"]?["size"] == .number(20))
        #expect(send(b, "POST", "/v1/sessions/\(before)/events", #"{"type":"tap","x":5,"y":5,"t":0}"#).status == 200)
    }

    @Test func ofTwoPutsMadeFromTheSameStateExactlyOneWins() throws {
        let etcd = FakeEtcd()
        let (a, b) = (clusterNode(etcd, node: "a"), clusterNode(etcd, node: "b"))
        let first = try #require(send(a, "PUT", "/v1/controls/dot", #"{"definition":\#(dotDefinition)}"#).json?["digest"]?.stringValue)
        // b's PUT reads the name, then a's completes before b's transaction is judged.
        let aAnswer = Mutex<Int>(0)
        etcd.interleave { aAnswer.withLock { $0 = send(a, "PUT", "/v1/controls/dot", #"{"definition":\#(bigDotDefinition)}"#).status } }
        let lost = send(b, "PUT", "/v1/controls/dot", #"{"definition":{"parameters":{},"layers":[]}}"#)
        #expect(aAnswer.withLock { $0 } == 200)
        #expect(lost.status == 409)
        #expect(lost.json?["code"] == .string("control_changed"))
        #expect(send(b, "POST", "/v1/sessions", #"{"control":"dot"}"#).json?["config"]?["size"] == .number(40))
        // With If-Match, the race needs no timing: both expect the first definition; one wins.
        let winner = send(a, "PUT", "/v1/controls/dot", #"{"definition":\#(dotDefinition)}"#, headers: [("If-Match", "\"\(first)\"")])
        #expect(winner.status == 409)  // the name holds the big dot now
        let current = try #require(send(a, "GET", "/v1/controls/dot").json?["digest"]?.stringValue)
        let one = send(a, "PUT", "/v1/controls/dot", #"{"definition":\#(dotDefinition)}"#, headers: [("If-Match", "\"\(current)\"")])
        let two = send(b, "PUT", "/v1/controls/dot", #"{"definition":{"parameters":{},"layers":[]}}"#, headers: [("If-Match", "\"\(current)\"")])
        #expect(one.status == 200)
        #expect(two.status == 409)
        #expect(two.json?["code"] == .string("control_changed"))
        // Two POSTs of one new name: one registers it.
        let posts = [a, b].map { send($0, "POST", "/v1/controls", #"{"name":"ring","definition":\#(dotDefinition)}"#) }
        #expect(posts[0].status == 201)
        #expect(posts[1].status == 409)
        #expect(posts[1].json?["code"] == .string("control_exists"))
    }

    @Test func withEtcdDownRegistryCallsAnswer503AndEverythingElseCarriesOn() throws {
        let etcd = FakeEtcd()
        let node = clusterNode(etcd, node: "a")
        #expect(send(node, "POST", "/v1/controls", #"{"name":"dot","definition":\#(dotDefinition)}"#).status == 201)
        let dot = try #require(send(node, "POST", "/v1/sessions", #"{"control":"dot"}"#).json?["id"]?.stringValue)
        #expect(send(node, "GET", "/readyz").json == .object(["status": .string("ready")]))
        etcd.down = true
        for (method, target, body) in [("POST", "/v1/controls", #"{"name":"ring","definition":\#(dotDefinition)}"#),
                                       ("PUT", "/v1/controls/dot", #"{"definition":\#(dotDefinition)}"#),
                                       ("DELETE", "/v1/controls/dot", nil), ("GET", "/v1/controls", nil), ("GET", "/v1/controls/dot", nil),
                                       ("POST", "/v1/sessions", #"{"control":"dot"}"#),
                                       ("POST", "/v1/scenarios/run", #"{"scenario":{"control":"dot"},"to":0.1,"fps":10}"#)] {
            let answer = send(node, method, target, body)
            #expect(answer.status == 503, "\(method) \(target)")
            #expect(answer.json?["code"] == .string("registry_unavailable"), "\(method) \(target)")
            #expect(answer.headers["Retry-After"] == "5", "\(method) \(target)")
        }
        let ready = send(node, "GET", "/readyz")
        #expect(ready.status == 200)
        #expect(ready.json?["status"] == .string("degraded"))
        #expect(ready.json?["registry"]?["status"] == .string("unavailable"))
        #expect(send(node, "POST", "/v1/sessions", #"{"control":"switch"}"#).status == 201)
        #expect(send(node, "POST", "/v1/sessions", #"{"control":"inline","definition":\#(dotDefinition)}"#).status == 201)
        #expect(send(node, "POST", "/v1/sessions/\(dot)/events", #"{"type":"tap","x":5,"y":5,"t":0}"#).status == 200)
        etcd.down = false
        #expect(send(node, "POST", "/v1/sessions", #"{"control":"dot"}"#).status == 201)
        #expect(send(node, "GET", "/readyz").json == .object(["status": .string("ready")]))
    }

    @Test func onlyWorkThatNeedsEtcdLeavesTheLoopAndTheLoopNeverCallsIt() throws {
        let etcd = FakeEtcd()
        let held = HeldJobs()
        let node = clusterNode(etcd, node: "a", held: held)
        // A built-in and an inline definition are answered on the loop, without etcd.
        let builtIn = node.respond(to: HTTPRequest(method: "POST", target: "/v1/sessions", headers: HTTPHeaders(),
                                                   body: Array(#"{"control":"switch"}"#.utf8)))
        #expect(builtIn.answer?.status == 201)
        #expect(etcd.calls == 0)
        // A registered name is worked out off the loop: nothing is asked of etcd until the job runs.
        let pending = node.respond(to: HTTPRequest(method: "POST", target: "/v1/sessions", headers: HTTPHeaders(),
                                                   body: Array(#"{"control":"dot"}"#.utf8)))
        #expect(pending.answer == nil)
        let delivered = Mutex<Int?>(nil)
        pending.pending?.onReady { answer in delivered.withLock { $0 = answer.status } }
        #expect(held.count == 1)
        #expect(etcd.calls == 0)
        held.runAll()
        #expect(etcd.calls == 1)
        #expect(delivered.withLock { $0 } == 400)
    }

    @Test func theGatewayBodiesAreEtcdsJSON() throws {
        #expect(String(decoding: EtcdGateway.rangeBody("/controlsim/controls/", prefix: true), as: UTF8.self)
                == #"{"key":"L2NvbnRyb2xzaW0vY29udHJvbHMv","range_end":"L2NvbnRyb2xzaW0vY29udHJvbHMw"}"#)
        let transaction = KeyValueTransaction(compares: [.init(key: "/a", modRevision: 0)], puts: [("/a", Array("xy".utf8))], deletes: ["/b"])
        #expect(String(decoding: EtcdGateway.transactionBody(transaction), as: UTF8.self)
                == #"{"compare":[{"target":"MOD","result":"EQUAL","key":"L2E=","mod_revision":"0"}],"#
                + #""success":[{"request_put":{"key":"L2E=","value":"eHk="}},{"request_delete_range":{"key":"L2I="}}]}"#)
        // As etcd 3.4 answers (its own bytes, recorded): int64s as strings, false and empty left out.
        let range = try EtcdGateway.parseRange(Array(#"""
            {"header":{"cluster_id":"14841639068965178418","member_id":"10276657743932975437","revision":"7","raft_term":"2"},
             "kvs":[{"key":"L2E=","create_revision":"3","mod_revision":"6","version":"2","value":"eHk="}],"count":"1"}
            """#.utf8))
        #expect(range == KeyValueRange(revision: 7, pairs: [KeyValue(key: "/a", value: Array("xy".utf8), modRevision: 6, createRevision: 3)]))
        #expect(try EtcdGateway.parseRange(Array(#"{"header":{"revision":"7"}}"#.utf8)).pairs.isEmpty)
        #expect(try EtcdGateway.parseCommit(Array(#"{"header":{"revision":"8"},"succeeded":true,"responses":[{"response_put":{"header":{"revision":"8"}}}]}"#.utf8))
                == KeyValueCommit(succeeded: true, revision: 8))
        #expect(try EtcdGateway.parseCommit(Array(#"{"header":{"revision":"8"}}"#.utf8)) == KeyValueCommit(succeeded: false, revision: 8))
        #expect(throws: RegistryError.self) { try EtcdGateway.parseRange(Array("<html>".utf8)) }
        #expect(Base64.decode("eHk=") == Array("xy".utf8))
        #expect(Base64.decode("eHk") == nil)
        #expect(Base64.encode(Array("any carnal pleas".utf8)) == "YW55IGNhcm5hbCBwbGVhcw==")
    }
}
