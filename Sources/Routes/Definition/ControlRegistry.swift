import AnimationCore
import Synchronization

/// A control the server knows by name: a built-in, or one a client registered.
final class RegisteredControl: Sendable {
    let name: String
    let builtIn: Bool
    let version: DefinitionVersion
    /// The default configuration, shared by every session created without one.
    let defaultInstance: ControlInstance

    init(name: String, builtIn: Bool, version: DefinitionVersion) throws(DocumentError) {
        self.name = name
        self.builtIn = builtIn
        self.version = version
        defaultInstance = try ControlInstance(version.definition, name: name, configuration: nil)
    }

    /// A session's instance: the shared default when the configuration is absent or says nothing.
    func instance(configuration json: JSON?) throws(DocumentError) -> ControlInstance {
        if json == nil || json == .object(JSONObject()) { return defaultInstance }
        let instance = try ControlInstance(version.definition, name: name, configuration: json.map(Tree.init))
        return instance.hasConfiguration(of: defaultInstance) ? defaultInstance : instance
    }
}

/// Every control by name, built-ins first in catalogue order, then the registered ones in the
/// order they were registered. Lookups and changes are thread-safe.
final class ControlRegistry: Sendable {
    private let controls: Mutex<[RegisteredControl]>

    init() {
        controls = Mutex(BuiltInControls.all.map { entry in
            // Built-ins load at start-up or not at all (their tests load them).
            try! RegisteredControl(name: entry.name, builtIn: true,
                                   version: DefinitionVersion(document: entry.document, definition: entry.definition))
        })
    }

    var all: [RegisteredControl] { controls.withLock { $0 } }

    func named(_ name: String) -> RegisteredControl? {
        controls.withLock { list in list.first { $0.name == name } }
    }

    var userDefinedCount: Int { controls.withLock { list in list.filter { !$0.builtIn }.count } }

    /// Adds `control`, or replaces the user-defined control of that name (never a built-in).
    /// Returns the control it replaced.
    @discardableResult
    func put(_ control: RegisteredControl) -> RegisteredControl? {
        controls.withLock { list in
            if let index = list.firstIndex(where: { $0.name == control.name }) {
                let old = list[index]
                list[index] = control
                return old
            }
            list.append(control)
            return nil
        }
    }

    @discardableResult
    func remove(_ name: String) -> RegisteredControl? {
        controls.withLock { list in
            guard let index = list.firstIndex(where: { $0.name == name && !$0.builtIn }) else { return nil }
            return list.remove(at: index)
        }
    }

    /// Every control's commands, in catalogue order: what the event decoder names when a
    /// command belongs to another control.
    var commandCatalogue: [(control: String, commands: [String])] {
        all.map { ($0.name, $0.version.definition.commands.map(\.name)) }
    }

    /// The names as a message lists them.
    var quotedNames: String { all.map { "'\($0.name)'" }.joined(separator: ", ") }
    var plainNames: String { all.map(\.name).joined(separator: ", ") }
}
