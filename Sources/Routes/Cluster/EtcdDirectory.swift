import Synchronization

/// The registry a cluster shares, in etcd: a name's key holds the digest of its definition
/// (`/controlsim/controls/<name>` → digest), a definition is stored under its digest
/// (`/controlsim/definitions/<digest>` → its canonical JSON) and never changes, so every node
/// keeps the definitions it has read for good. Names are read from etcd on every use (a
/// linearizable range): a registration acknowledged anywhere is seen by every request that
/// starts after it, on any node. Changes are transactions on the name's modification revision,
/// so of two changes made from the same state exactly one wins.
///
/// Every call blocks on the network (bounded by the store's timeouts) and runs off the event
/// loops (`Offloaded`). Sessions never read etcd after their creation: the node journals their
/// definition by digest.
final class EtcdDirectory: ControlDirectory {
    static let namePrefix = "/controlsim/controls/"
    static let definitionPrefix = "/controlsim/definitions/"

    let store: any KeyValueStore
    let limits: Limits
    let log: LogSink
    /// Definitions read or written, by the digest etcd keeps them under: immutable, kept forever.
    private let definitions = Mutex<[String: DefinitionVersion]>([:])
    /// The control made of each name's definition (by the digest etcd names), so that creates
    /// share its default instance.
    private let controls = Mutex<[String: (digest: String, control: RegisteredControl)]>([:])
    /// Why the last call failed; nil after one that succeeded (`/readyz`).
    private let failure = Mutex<String?>(nil)

    init(store: any KeyValueStore, limits: Limits, log: @escaping LogSink = { _ in }) {
        self.store = store
        self.limits = limits
        self.log = log
    }

    var isShared: Bool { true }

    static func nameKey(_ name: String) -> String { namePrefix + name }
    static func definitionKey(_ digest: String) -> String { definitionPrefix + digest }

    func lookup(_ name: String) throws(RegistryError) -> RegisteredControl? {
        guard let pair = try call({ () throws(RegistryError) in try store.range(Self.nameKey(name), prefix: false) }).pairs.first else {
            return nil
        }
        return try control(name, digest: String(decoding: pair.value, as: UTF8.self))
    }

    func userDefined() throws(RegistryError) -> [RegisteredControl] {
        let range = try call { () throws(RegistryError) in try store.range(Self.namePrefix, prefix: true) }
        var found: [(created: Int64, control: RegisteredControl)] = []
        for pair in range.pairs {
            let name = String(pair.key.dropFirst(Self.namePrefix.count))
            found.append((pair.createRevision, try control(name, digest: String(decoding: pair.value, as: UTF8.self))))
        }
        return found.sorted { $0.created < $1.created }.map(\.control)
    }

    /// Whether etcd answers now; nil when it does, else why not.
    func probe() -> String? {
        do {
            _ = try call { () throws(RegistryError) in try store.range(Self.nameKey(""), prefix: false) }
            return nil
        } catch {
            return error.detail
        }
    }

    /// Why the last call failed, if it did.
    var lastFailure: String? { failure.withLock { $0 } }

    func change(_ change: RegistryChange) throws(RegistryRefusal) -> RegistryChanged {
        switch change {
        case let .register(control):
            guard try refusing(userCount()) < limits.maxUserControls else { throw .full }
            guard try refusing(put(control, expecting: 0)).succeeded else { throw .exists }
            return RegistryChanged(existed: false, record: nil)
        case let .replace(control, ifMatch):
            let current = try refusing(current(control.name))
            if let ifMatch, current?.digest != ifMatch { throw .changed(current: current?.digest) }
            if current == nil, try refusing(userCount()) >= limits.maxUserControls { throw .full }
            guard try refusing(put(control, expecting: current?.revision ?? 0)).succeeded else {
                throw .changed(current: try refusing(self.current(control.name))?.digest)
            }
            return RegistryChanged(existed: current != nil, record: nil)
        case let .remove(name, ifMatch):
            guard let current = try refusing(current(name)) else { throw .notFound }
            if let ifMatch, current.digest != ifMatch { throw .changed(current: current.digest) }
            let transaction = KeyValueTransaction(compares: [.init(key: Self.nameKey(name), modRevision: current.revision)],
                                                  deletes: [Self.nameKey(name)])
            guard try refusing(call { () throws(RegistryError) in try store.commit(transaction) }).succeeded else {
                throw .changed(current: try refusing(self.current(name))?.digest)
            }
            return RegistryChanged(existed: true, record: nil)
        }
    }

    // MARK: Helpers

    /// An unavailable store, as a refusal.
    private func refusing<T>(_ value: @autoclosure () throws(RegistryError) -> T) throws(RegistryRefusal) -> T {
        do {
            return try value()
        } catch {
            throw .unavailable(error)
        }
    }

    /// The digest a name holds and the revision it was last written at.
    private func current(_ name: String) throws(RegistryError) -> (digest: String, revision: Int64)? {
        let range = try call { () throws(RegistryError) in try store.range(Self.nameKey(name), prefix: false) }
        return range.pairs.first.map { (String(decoding: $0.value, as: UTF8.self), $0.modRevision) }
    }

    private func userCount() throws(RegistryError) -> Int {
        try call { () throws(RegistryError) in try store.range(Self.namePrefix, prefix: true) }.pairs.count
    }

    /// The definition under its digest (rewriting the same bytes is harmless: it never changes)
    /// and the name → digest, if the name was last written at `revision` (0: it does not exist).
    private func put(_ control: RegisteredControl, expecting revision: Int64) throws(RegistryError) -> KeyValueCommit {
        let version = control.version
        let transaction = KeyValueTransaction(compares: [.init(key: Self.nameKey(control.name), modRevision: revision)],
                                              puts: [(Self.definitionKey(version.digest), version.compact),
                                                     (Self.nameKey(control.name), Array(version.digest.utf8))])
        let commit = try call { () throws(RegistryError) in try store.commit(transaction) }
        if commit.succeeded {
            definitions.withLock { $0[version.digest] = version }
            controls.withLock { $0[control.name] = (version.digest, control) }
        }
        return commit
    }

    /// The control `name` makes of the definition stored under `digest`: from what this node
    /// keeps, else read once from etcd.
    private func control(_ name: String, digest: String) throws(RegistryError) -> RegisteredControl {
        if let kept = controls.withLock({ $0[name] }), kept.digest == digest { return kept.control }
        let version = try definition(digest)
        let made: RegisteredControl
        do {
            made = try RegisteredControl(name: name, builtIn: false, version: version)
        } catch {
            throw RegistryError("the definition etcd holds under \(digest) does not load: \(error.message)")
        }
        controls.withLock { $0[name] = (digest, made) }
        return made
    }

    private func definition(_ digest: String) throws(RegistryError) -> DefinitionVersion {
        if let kept = definitions.withLock({ $0[digest] }) { return kept }
        let range = try call { () throws(RegistryError) in try store.range(Self.definitionKey(digest), prefix: false) }
        guard let bytes = range.pairs.first?.value else { throw RegistryError("etcd holds no definition under \(digest)") }
        let version: DefinitionVersion
        do {
            version = try DefinitionVersion.load(try JSONParser().parse(bytes), under: TreePath("definition"), limits: limits)
        } catch {
            throw RegistryError("the definition etcd holds under \(digest) does not load")
        }
        definitions.withLock { $0[digest] = version }
        return version
    }

    /// Runs one etcd call, remembering whether etcd answered (`/readyz`) and logging a failure.
    private func call<T>(_ body: () throws(RegistryError) -> T) throws(RegistryError) -> T {
        do {
            let result = try body()
            failure.withLock { $0 = nil }
            return result
        } catch {
            let first = failure.withLock { state -> Bool in
                defer { state = error.detail }
                return state == nil
            }
            if first { log(LogLine(level: "error", "registry_unavailable").field("detail", error.detail).description) }
            throw error
        }
    }
}
