/// The part of etcd's v3 KV API the shared registry uses: linearizable ranges and transactions
/// comparing keys' modification revisions. `EtcdGateway` speaks it to etcd's JSON gateway; the
/// tests have an in-process fake. Every call is bounded in time by its implementation and may
/// block the calling thread (never an event loop's: `Offloaded`).
public protocol KeyValueStore: Sendable {
    /// The key, or every key starting with it when `prefix`; linearizable (etcd's default).
    func range(_ key: String, prefix: Bool) throws(RegistryError) -> KeyValueRange
    /// The puts and deletes when every compare holds, else nothing; linearizable.
    func commit(_ transaction: KeyValueTransaction) throws(RegistryError) -> KeyValueCommit
}

public struct KeyValue: Sendable, Equatable {
    public var key: String
    public var value: [UInt8]
    /// The store's revision when the key was last written (0: never, as etcd's compare reads it).
    public var modRevision: Int64
    /// The store's revision when the key was created (listings keep registration order).
    public var createRevision: Int64

    public init(key: String, value: [UInt8], modRevision: Int64, createRevision: Int64) {
        self.key = key
        self.value = value
        self.modRevision = modRevision
        self.createRevision = createRevision
    }
}

public struct KeyValueRange: Sendable, Equatable {
    /// The store's revision the range was read at.
    public var revision: Int64
    public var pairs: [KeyValue]

    public init(revision: Int64, pairs: [KeyValue]) {
        self.revision = revision
        self.pairs = pairs
    }
}

/// etcd's `Txn` as the registry writes it: compares on modification revisions (0 = the key does
/// not exist), then puts and deletes.
public struct KeyValueTransaction: Sendable, Equatable {
    public var compares: [Compare]
    public var puts: [(key: String, value: [UInt8])]
    public var deletes: [String]

    public struct Compare: Sendable, Equatable {
        public var key: String
        public var modRevision: Int64
    }

    public init(compares: [Compare] = [], puts: [(key: String, value: [UInt8])] = [], deletes: [String] = []) {
        self.compares = compares
        self.puts = puts
        self.deletes = deletes
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.compares == b.compares && a.deletes == b.deletes && a.puts.elementsEqual(b.puts) { $0.key == $1.key && $0.value == $1.value }
    }
}

public struct KeyValueCommit: Sendable, Equatable {
    public var succeeded: Bool
    /// The store's revision after the transaction (its own when it succeeded).
    public var revision: Int64

    public init(succeeded: Bool, revision: Int64) {
        self.succeeded = succeeded
        self.revision = revision
    }
}

/// The store could not answer (down, unreachable, too slow, or an answer that is not one): the
/// registry is unavailable, not wrong. `detail` is for the log.
public struct RegistryError: Error, Sendable, Equatable {
    public var detail: String
    public init(_ detail: String) { self.detail = detail }
}
