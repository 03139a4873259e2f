/// Carries a JSON body to a path of etcd's gateway and brings back the answer's body: HTTP/1.1
/// over a socket in the server (`EtcdTransport`), bounded in time. A refused connection, a
/// timeout, or a status other than 200 throws.
public protocol GatewayTransport: Sendable {
    func post(_ path: String, body: [UInt8]) throws(RegistryError) -> [UInt8]
}

/// `KeyValueStore` over etcd 3.4's v3 JSON gateway (`/v3/kv/range`, `/v3/kv/txn`): keys and values
/// base64, 64-bit integers as strings, members whose value is the default (false, 0, empty) left
/// out. The bodies are made and read here, apart from any socket, so they are tested as bytes.
public struct EtcdGateway: KeyValueStore {
    let transport: any GatewayTransport

    public init(transport: any GatewayTransport) {
        self.transport = transport
    }

    public func range(_ key: String, prefix: Bool) throws(RegistryError) -> KeyValueRange {
        try Self.parseRange(transport.post("/v3/kv/range", body: Self.rangeBody(key, prefix: prefix)))
    }

    public func commit(_ transaction: KeyValueTransaction) throws(RegistryError) -> KeyValueCommit {
        try Self.parseCommit(transport.post("/v3/kv/txn", body: Self.transactionBody(transaction)))
    }

    // MARK: Bodies

    /// `{"key"}`, and `range_end` one past the prefix (its last byte plus one) for a prefix.
    static func rangeBody(_ key: String, prefix: Bool) -> [UInt8] {
        var w = JSONWriter(reservingCapacity: 128)
        w.beginObject()
        w.member("key", Base64.encode(key.utf8))
        if prefix {
            var end = Array(key.utf8)
            // Registry prefixes end in `/`, never 0xFF, so adding one cannot carry.
            end[end.count - 1] += 1
            w.member("range_end", Base64.encode(end))
        }
        w.endObject()
        return w.bytes
    }

    static func transactionBody(_ transaction: KeyValueTransaction) -> [UInt8] {
        var w = JSONWriter(reservingCapacity: 512)
        w.beginObject()
        w.key("compare")
        w.beginArray()
        for compare in transaction.compares {
            w.beginObject()
            w.member("target", "MOD")
            w.member("result", "EQUAL")
            w.member("key", Base64.encode(compare.key.utf8))
            w.member("mod_revision", String(compare.modRevision))
            w.endObject()
        }
        w.endArray()
        w.key("success")
        w.beginArray()
        for put in transaction.puts {
            w.beginObject()
            w.key("request_put")
            w.beginObject()
            w.member("key", Base64.encode(put.key.utf8))
            w.member("value", Base64.encode(put.value))
            w.endObject()
            w.endObject()
        }
        for key in transaction.deletes {
            w.beginObject()
            w.key("request_delete_range")
            w.beginObject()
            w.member("key", Base64.encode(key.utf8))
            w.endObject()
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.bytes
    }

    // MARK: Answers

    static func parseRange(_ body: [UInt8]) throws(RegistryError) -> KeyValueRange {
        let json = try parse(body)
        var pairs: [KeyValue] = []
        for item in json["kvs"]?.arrayValue ?? [] {
            guard let key = item["key"]?.stringValue.flatMap(Base64.decode) else { throw RegistryError("etcd answered a key that is not base64") }
            guard let value = Base64.decode(item["value"]?.stringValue ?? "") else { throw RegistryError("etcd answered a value that is not base64") }
            pairs.append(KeyValue(key: String(decoding: key, as: UTF8.self), value: value, modRevision: try integer(item["mod_revision"]),
                                  createRevision: try integer(item["create_revision"])))
        }
        return KeyValueRange(revision: try integer(json["header"]?["revision"]), pairs: pairs)
    }

    static func parseCommit(_ body: [UInt8]) throws(RegistryError) -> KeyValueCommit {
        let json = try parse(body)
        return KeyValueCommit(succeeded: json["succeeded"]?.boolValue ?? false, revision: try integer(json["header"]?["revision"]))
    }

    private static func parse(_ body: [UInt8]) throws(RegistryError) -> JSON {
        do {
            let json = try JSONParser().parse(body)
            guard case .object = json else { throw RegistryError("etcd answered something other than a JSON object") }
            return json
        } catch let error as RegistryError {
            throw error
        } catch {
            throw RegistryError("etcd answered something other than JSON")
        }
    }

    /// An int64 as the gateway writes it: a string of digits, or absent for 0.
    private static func integer(_ json: JSON?) throws(RegistryError) -> Int64 {
        switch json {
        case nil: return 0
        case let .string(text)?:
            guard let value = Int64(text) else { throw RegistryError("etcd answered '\(text)' for a revision") }
            return value
        case let .number(value)?:
            guard let exact = Int64(exactly: value) else { throw RegistryError("etcd answered \(value) for a revision") }
            return exact
        default:
            throw RegistryError("etcd answered a revision that is not a number")
        }
    }
}
