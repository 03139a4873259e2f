/// Where the names of user-defined controls are kept: the node's own journal
/// (`JournalledDirectory`, the single-node default), or a store every node of a cluster shares
/// (`EtcdDirectory`). Built-ins are every node's own and never asked for here. Either way a
/// session keeps the definition it was made with, journalled by the node that holds it.
protocol ControlDirectory: Sendable {
    /// Whether a call may wait on the network: handlers that make one run off the event loop.
    var isShared: Bool { get }
    /// The user-defined control of this name as of the call, or nil.
    func lookup(_ name: String) throws(RegistryError) -> RegisteredControl?
    /// Every user-defined control, in the order they were first registered.
    func userDefined() throws(RegistryError) -> [RegisteredControl]
    /// Makes a change, all or nothing.
    func change(_ change: RegistryChange) throws(RegistryRefusal) -> RegistryChanged
}

/// A change `POST`, `PUT` and `DELETE /v1/controls` ask for. `ifMatch` is the digest the client
/// expects the name to hold (`If-Match`); nil takes what the name holds when the change is made.
enum RegistryChange: Sendable {
    /// A new name only.
    case register(RegisteredControl)
    /// A new name, or a new definition for a user-defined one.
    case replace(RegisteredControl, ifMatch: String?)
    case remove(String, ifMatch: String?)
}

struct RegistryChanged: Sendable, Equatable {
    /// The name held a control before.
    var existed: Bool
    /// The journal record to wait for before acknowledging (nil: nothing to wait for).
    var record: UInt64?
}

/// Why a change was not made (nothing of it was).
enum RegistryRefusal: Error, Equatable {
    /// `register` of a name that is taken.
    case exists
    /// The name holds something other than the client expected (`If-Match`), or another
    /// change of it won the race.
    case changed(current: String?)
    case notFound
    /// As many user-defined controls as the server allows.
    case full
    /// The journal refused the record.
    case journal
    case unavailable(RegistryError)
}

/// The single-node default, exactly as before there was a choice: names in this node's
/// `ControlRegistry`, registrations journalled by the `SessionStore` (docs/journal.md).
struct JournalledDirectory: ControlDirectory {
    let store: SessionStore

    var isShared: Bool { false }

    func lookup(_ name: String) -> RegisteredControl? {
        store.registry.named(name).flatMap { $0.builtIn ? nil : $0 }
    }

    func userDefined() -> [RegisteredControl] {
        store.registry.all.filter { !$0.builtIn }
    }

    func change(_ change: RegistryChange) throws(RegistryRefusal) -> RegistryChanged {
        let registry = store.registry
        switch change {
        case let .register(control):
            if registry.damage(control.name) != nil || registry.named(control.name) != nil { throw .exists }
            try checkRoom()
            return try made(journal { () throws(SessionStore.StoreError) in try store.register(control, ifMatch: nil) }, existed: false)
        case let .replace(control, ifMatch):
            let existed = registry.named(control.name) != nil
            if !existed { try checkRoom() }
            return try made(journal { () throws(SessionStore.StoreError) in try store.register(control, ifMatch: ifMatch) }, existed: existed)
        case let .remove(name, ifMatch):
            return try made(journal { () throws(SessionStore.StoreError) in try store.unregister(name, ifMatch: ifMatch) }, existed: true)
        }
    }

    private func made(_ write: SessionStore.RegistryWrite, existed: Bool) throws(RegistryRefusal) -> RegistryChanged {
        switch write {
        case let .made(record): return RegistryChanged(existed: existed, record: record)
        case let .changed(current): throw RegistryRefusal.changed(current: current)
        case .notFound: throw RegistryRefusal.notFound
        }
    }

    private func journal(_ write: () throws(SessionStore.StoreError) -> SessionStore.RegistryWrite) throws(RegistryRefusal) -> SessionStore.RegistryWrite {
        do {
            return try write()
        } catch {
            throw .journal
        }
    }

    private func checkRoom() throws(RegistryRefusal) {
        guard store.registry.userDefinedCount < store.limits.maxUserControls else { throw .full }
    }
}
