import AnimationCore
import Synchronization

/// A control the server knows by name: a built-in, or one a client registered.
final class RegisteredControl: Sendable {
    let name: String
    let builtIn: Bool
    let version: DefinitionVersion
    /// The default configuration, shared by every session created without one.
    let defaultInstance: ControlInstance

    /// Throws `invalid_definition` at `/parameters` when the parameters' defaults fail the
    /// definition's own checks (a session without a configuration could not be made).
    init(name: String, builtIn: Bool, version: DefinitionVersion) throws(DocumentError) {
        self.name = name
        self.builtIn = builtIn
        self.version = version
        do {
            defaultInstance = try ControlInstance(version.definition, name: name, configuration: nil)
        } catch {
            let field = error.path.pointer
            throw DocumentError(.invalidDefinition, at: TreePath([.key("parameters")]),
                                "the parameters' defaults fail the definition's checks: \(field.isEmpty ? "" : field + " ")\(error.message)")
        }
    }

    /// A session's instance: the shared default when the configuration is absent or says nothing.
    func instance(configuration json: JSON?) throws(DocumentError) -> ControlInstance {
        if json == nil || json == .object(JSONObject()) { return defaultInstance }
        let instance = try ControlInstance(version.definition, name: name, configuration: json)
        return instance.hasConfiguration(of: defaultInstance) ? defaultInstance : instance
    }
}

/// Every control by name, built-ins first in catalogue order, then the registered ones in the
/// order they were registered. Lookups and changes are thread-safe.
///
/// A name whose journal records were found damaged on replay is held apart: it is not listed
/// as a control, a request for it answers 503 `control_damaged`, and registering or removing it
/// again settles it.
final class ControlRegistry: Sendable {
    private let state: Mutex<State>

    private struct State {
        var controls: [RegisteredControl]
        var damaged: [String: SessionDamage] = [:]
    }

    init() {
        state = Mutex(State(controls: Self.builtIns))
    }

    /// The built-ins, with their canonical JSON and digest computed once per process (a
    /// registry is made per application, and the tests make thousands).
    private static let builtIns: [RegisteredControl] = BuiltInControls.all.map { entry in
        // Built-ins load at start-up or not at all (their tests load them).
        try! RegisteredControl(name: entry.name, builtIn: true,
                               version: DefinitionVersion(document: entry.document, definition: entry.definition))
    }

    var all: [RegisteredControl] { state.withLock { $0.controls } }

    func named(_ name: String) -> RegisteredControl? {
        state.withLock { state in state.controls.first { $0.name == name } }
    }

    var userDefinedCount: Int { state.withLock { state in state.controls.filter { !$0.builtIn }.count } }

    /// Adds `control`, or replaces the user-defined control of that name (never a built-in).
    /// Returns the control it replaced. Settles a damaged name.
    @discardableResult
    func put(_ control: RegisteredControl) -> RegisteredControl? {
        state.withLock { state in
            state.damaged[control.name] = nil
            if let index = state.controls.firstIndex(where: { $0.name == control.name }) {
                let old = state.controls[index]
                state.controls[index] = control
                return old
            }
            state.controls.append(control)
            return nil
        }
    }

    /// Removes a user-defined control (and settles a damaged name).
    @discardableResult
    func remove(_ name: String) -> RegisteredControl? {
        state.withLock { state in
            state.damaged[name] = nil
            guard let index = state.controls.firstIndex(where: { $0.name == name && !$0.builtIn }) else { return nil }
            return state.controls.remove(at: index)
        }
    }

    // MARK: Damage

    /// Holds a user-defined name apart: what the journal last said of it is damaged.
    func markDamaged(_ name: String, _ span: SessionDamage.Span) {
        state.withLock { state in
            guard !state.controls.contains(where: { $0.name == name && $0.builtIn }) else { return }
            state.controls.removeAll { $0.name == name }
            state.damaged[name, default: SessionDamage(spans: [])].spans.append(span)
        }
    }

    func damage(_ name: String) -> SessionDamage? { state.withLock { $0.damaged[name] } }

    /// The damaged names, sorted, with their damage.
    var damagedNames: [(name: String, damage: SessionDamage)] {
        state.withLock { state in state.damaged.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
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
