import AnimationCore

/// The control endpoints: every control the server knows (built-in and user-defined), and
/// registering, replacing and removing user-defined ones. Registrations are journalled; a session
/// keeps the definition it was made with whatever later happens to the name.
struct ControlsAPI: Sendable {
    let environment: AppEnvironment
    let store: SessionStore

    var routes: [Router.Route] {
        [
            .init("GET", "/v1/controls", list),
            .init("POST", "/v1/controls", register),
            .init("GET", "/v1/controls/{name}", show),
            .init("PUT", "/v1/controls/{name}", replace),
            .init("DELETE", "/v1/controls/{name}", delete),
        ]
    }

    var registry: ControlRegistry { store.registry }

    /// 1 to 64 ASCII letters, digits, `-` and `_`, starting with a letter.
    static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, (1...64).contains(bytes.count), first.isASCIILetter else { return false }
        return bytes.allSatisfy { $0.isASCIILetter || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    // MARK: Handlers

    func list(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        _ = try Query(context.request.queryString, allowed: [])
        return json(status: 200) { w in
            w.beginObject()
            w.key("controls")
            w.beginArray()
            for control in registry.all { summary(control, into: &w) }
            w.endArray()
            // Names held apart because their journal records are damaged, so a client can settle them.
            let damaged = registry.damagedNames
            if !damaged.isEmpty {
                w.key("damaged")
                w.beginArray()
                for entry in damaged { w.value(entry.name) }
                w.endArray()
            }
            w.endObject()
        }
    }

    func show(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        _ = try Query(context.request.queryString, allowed: [])
        let name = context.captures["name"] ?? ""
        guard let control = registry.named(name) else { throw registry.damage(name)?.problem(control: name) ?? notFound(name) }
        return json(status: 200, capacity: control.version.compact.count + 256) { w in detail(control, into: &w) }
    }

    /// `POST /v1/controls {"name", "definition"}`: a new name only.
    func register(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        _ = try Query(context.request.queryString, allowed: [])
        var body = try reader(context.request)
        let name: String
        let definition: JSON
        do throws(WireError) {
            guard let given = try body.string("name") else { throw WireError(field: "name", "is required") }
            name = given
            guard let given = body.raw("definition") else { throw WireError(field: "definition", "is required: the control definition") }
            definition = given
            try body.finish()
        } catch {
            throw Problem(error)
        }
        try checkName(name)
        if registry.damage(name) != nil {
            throw Problem(409, "control_exists", "the journal records of a control named '\(name)' are damaged; PUT /v1/controls/\(name) "
                              + "registers it again, DELETE discards it", field: "name")
        }
        if let existing = registry.named(name) {
            throw existing.builtIn ? builtIn(name)
                : Problem(409, "control_exists", "a control named '\(name)' is registered; PUT /v1/controls/\(name) replaces it", field: "name")
        }
        let control = try load(name, definition)
        try checkRoom()
        let record = try journal { () throws(SessionStore.StoreError) in try store.register(control) }
        var answer = jsonAnswer(status: 201, capacity: control.version.compact.count + 256) { w in detail(control, into: &w) }
        answer.headers.add("Location", "/v1/controls/\(name)")
        return SessionsAPI.durable(answer, record, environment)
    }

    /// `PUT /v1/controls/{name} {"definition"}`: registers or replaces a user-defined control.
    func replace(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        _ = try Query(context.request.queryString, allowed: [])
        let name = context.captures["name"] ?? ""
        var body = try reader(context.request)
        let definition: JSON
        do throws(WireError) {
            guard let given = body.raw("definition") else { throw WireError(field: "definition", "is required: the control definition") }
            definition = given
            try body.finish()
        } catch {
            throw Problem(error)
        }
        try checkName(name)
        let existing = registry.named(name)
        if existing?.builtIn == true { throw builtIn(name) }
        let control = try load(name, definition)
        if existing == nil { try checkRoom() }
        let record = try journal { () throws(SessionStore.StoreError) in try store.register(control) }
        var answer = jsonAnswer(status: existing == nil ? 201 : 200, capacity: control.version.compact.count + 256) { w in
            detail(control, into: &w)
        }
        if existing == nil { answer.headers.add("Location", "/v1/controls/\(name)") }
        return SessionsAPI.durable(answer, record, environment)
    }

    /// Removes a user-defined name (or settles a damaged one); sessions made with it keep
    /// working with their definition.
    func delete(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        _ = try Query(context.request.queryString, allowed: [])
        let name = context.captures["name"] ?? ""
        if registry.named(name)?.builtIn == true { throw builtIn(name) }
        let removal = try journal { () throws(SessionStore.StoreError) in try store.unregister(name) }
        guard case let .removed(record) = removal else { throw notFound(name) }
        return SessionsAPI.durable(HTTPAnswer(status: 204), record, environment)
    }

    // MARK: Helpers

    private func reader(_ request: HTTPRequest) throws(Problem) -> ObjectReader {
        guard !request.body.isEmpty else { throw Problem(400, "invalid_json", "the request body is empty; send a JSON object") }
        let json: JSON
        do {
            json = try JSONParser().parse(request.body)
        } catch {
            throw Problem(400, "invalid_json", "the body is not valid JSON: \(error.message)")
        }
        do throws(WireError) {
            return try ObjectReader(json, path: "")
        } catch {
            throw Problem(error)
        }
    }

    private func load(_ name: String, _ definition: JSON) throws(Problem) -> RegisteredControl {
        let version = try DefinitionVersion.load(definition, under: "definition", limits: environment.limits)
        do {
            return try RegisteredControl(name: name, builtIn: false, version: version)
        } catch {
            throw Problem(definition: error, under: "definition")
        }
    }

    private func checkName(_ name: String) throws(Problem) {
        guard Self.isValidName(name) else {
            throw Problem(400, "invalid_field", "'\(name)' is not a control name: 1 to 64 letters, digits, - and _, starting with a letter",
                          field: "name")
        }
    }

    private func checkRoom() throws(Problem) {
        guard registry.userDefinedCount < environment.limits.maxUserControls else {
            throw Problem(409, "too_many_controls",
                          "the server holds its maximum of \(environment.limits.maxUserControls) user-defined controls; delete some first")
        }
    }

    private func journal<T>(_ change: () throws(SessionStore.StoreError) -> T) throws(Problem) -> T {
        do {
            return try change()
        } catch {
            throw SessionsAPI.storeProblem(error, environment)
        }
    }

    private func notFound(_ name: String) -> Problem {
        Problem(404, "control_not_found", "no control '\(name)'; GET /v1/controls lists them")
    }

    private func builtIn(_ name: String) -> Problem {
        Problem(409, "built_in_control", "'\(name)' is a built-in control: it cannot be replaced or removed; register yours under another name",
                field: "name")
    }

    private func summary(_ control: RegisteredControl, into w: inout JSONWriter) {
        let document = control.version.document
        w.beginObject()
        w.member("name", control.name)
        w.member("builtIn", control.builtIn)
        if let description = control.version.definition.description { w.member("description", description) }
        w.member("digest", control.version.digest)
        w.key("parameters")
        w.value(document["parameters"] ?? .object([]))
        w.key("commands")
        w.beginObject()
        for command in control.version.definition.commands {
            w.key(command.name)
            w.beginObject()
            w.key("parameters")
            w.value(document["commands"]?[command.name]?["parameters"] ?? .object([]))
            w.endObject()
        }
        w.endObject()
        w.endObject()
    }

    private func detail(_ control: RegisteredControl, into w: inout JSONWriter) {
        w.beginObject()
        w.member("name", control.name)
        w.member("builtIn", control.builtIn)
        w.member("digest", control.version.digest)
        w.key("definition")
        w.value(control.version.document)
        w.endObject()
    }
}

private extension UInt8 {
    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
}
