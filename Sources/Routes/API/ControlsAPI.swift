import AnimationCore

/// The control endpoints: every control the server knows (built-in and user-defined), and
/// registering, replacing and removing user-defined ones. Registrations are journalled; a session
/// keeps the definition it was made with whatever later happens to the name.
struct ControlsAPI: Sendable {
    let environment: AppEnvironment
    let store: SessionStore
    /// Where user-defined names live: this node's journal, or the registry the cluster shares.
    let directory: any ControlDirectory

    var routes: [Router.Route] {
        [
            .init("GET", "/v1/controls", route { api, context throws(Problem) in try api.list(context) }),
            .init("POST", "/v1/controls", route { api, context throws(Problem) in try api.register(context) }),
            .init("GET", "/v1/controls/{name}", route { api, context throws(Problem) in try api.show(context) }),
            .init("PUT", "/v1/controls/{name}", route { api, context throws(Problem) in try api.replace(context) }),
            .init("DELETE", "/v1/controls/{name}", route { api, context throws(Problem) in try api.delete(context) }),
        ]
    }

    /// With a shared registry every handler here waits on the network: it runs off the loop.
    private func route(_ handler: @escaping @Sendable (ControlsAPI, RequestContext) throws(Problem) -> HTTPResponse)
        -> @Sendable (RequestContext) throws(Problem) -> HTTPResponse {
        let api = self
        guard directory.isShared else { return { context throws(Problem) in try handler(api, context) } }
        return { context throws(Problem) in Offloaded(api.environment) { () throws(Problem) in try handler(api, context) }.response }
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
        let userDefined = try reading { () throws(RegistryError) in try directory.userDefined() }
        let builtIns = registry.all.filter(\.builtIn)
        // Names held apart because their journal records are damaged, so a client can settle them.
        let damaged = directory.isShared ? [] : registry.damagedNames
        return json(status: 200) { w in
            w.beginObject()
            w.key("controls")
            w.beginArray()
            for control in builtIns + userDefined { summary(control, into: &w) }
            w.endArray()
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
        guard let control = try named(name) else { throw registry.damage(name)?.problem(control: name) ?? notFound(name) }
        var answer = jsonAnswer(status: 200, capacity: control.version.compact.count + 256) { w in detail(control, into: &w) }
        answer.headers.add("ETag", "\"\(control.version.digest)\"")
        return .now(answer)
    }

    /// `POST /v1/controls {"name", "definition"}`: a new name only.
    func register(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        _ = try Query(context.request.queryString, allowed: [])
        var body = try reader(context.request)
        let name: String
        let definition: JSON
        do throws(DocumentError) {
            guard let given = try body.string("name") else { throw body.error("name", "is required") }
            name = given
            guard let given = body.raw("definition") else { throw body.error("definition", "is required: the control definition") }
            definition = given
            try body.finish()
        } catch {
            throw Problem(error)
        }
        try checkName(name, field: Self.bodyName)
        if registry.named(name)?.builtIn == true { throw builtIn(name, field: Self.bodyName) }
        // This node's own names are checked before the definition is loaded (the order of
        // problems a client has always had); a shared registry's in its transaction.
        if !directory.isShared {
            if registry.damage(name) != nil { throw damagedExists(name) }
            if registry.named(name) != nil { throw exists(name) }
        }
        let control = try load(name, definition)
        let changed = try change(.register(control), name)
        return answer(control, changed)
    }

    /// `PUT /v1/controls/{name} {"definition"}`: registers or replaces a user-defined control;
    /// with `If-Match: "<digest>"`, only while the name holds that definition.
    func replace(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        _ = try Query(context.request.queryString, allowed: [])
        let name = context.captures["name"] ?? ""
        var body = try reader(context.request)
        let definition: JSON
        do throws(DocumentError) {
            guard let given = body.raw("definition") else { throw body.error("definition", "is required: the control definition") }
            definition = given
            try body.finish()
        } catch {
            throw Problem(error)
        }
        try checkName(name, field: Self.pathName)
        if registry.named(name)?.builtIn == true { throw builtIn(name, field: Self.pathName) }
        let control = try load(name, definition)
        let changed = try change(.replace(control, ifMatch: ifMatch(context.request)), name)
        return answer(control, changed)
    }

    /// Removes a user-defined name (or settles a damaged one); sessions made with it keep
    /// working with their definition. `If-Match` as for `PUT`.
    func delete(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        _ = try Query(context.request.queryString, allowed: [])
        let name = context.captures["name"] ?? ""
        if registry.named(name)?.builtIn == true { throw builtIn(name, field: Self.pathName) }
        let changed = try change(.remove(name, ifMatch: ifMatch(context.request)), name)
        return SessionsAPI.durable(HTTPAnswer(status: 204), changed.record, environment)
    }

    // MARK: Registry

    /// A built-in, or the user-defined control the directory holds under `name` now.
    private func named(_ name: String) throws(Problem) -> RegisteredControl? {
        if let builtIn = registry.named(name), builtIn.builtIn { return builtIn }
        return try reading { () throws(RegistryError) in try directory.lookup(name) }
    }

    private func reading<T>(_ read: () throws(RegistryError) -> T) throws(Problem) -> T {
        do {
            return try read()
        } catch {
            throw .registryUnavailable(error)
        }
    }

    private func change(_ change: RegistryChange, _ name: String) throws(Problem) -> RegistryChanged {
        do {
            return try directory.change(change)
        } catch {
            switch error {
            case .exists: throw registry.damage(name) != nil ? damagedExists(name) : exists(name)
            case let .changed(current):
                let now = current.map { "now holds the definition \($0), not the one this change expected" }
                    ?? "changed while this change was being made, or no longer exists"
                throw Problem(409, "control_changed", "the control '\(name)' \(now); GET /v1/controls/\(name) and retry")
            case .notFound: throw notFound(name)
            case .full:
                throw Problem(409, "too_many_controls",
                              "the server holds its maximum of \(environment.limits.maxUserControls) user-defined controls; delete some first")
            case .journal: throw SessionsAPI.journalProblem
            case let .unavailable(cause): throw .registryUnavailable(cause)
            }
        }
    }

    /// `If-Match: "<digest>"` (quotes and a weak `W/` optional): the definition a change expects.
    private func ifMatch(_ request: HTTPRequest) -> String? {
        guard var value = request.headers["If-Match"].map({ Substring($0) }) else { return nil }
        if value.hasPrefix("W/") { value = value.dropFirst(2) }
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
        return String(value)
    }

    /// 201 with `Location` for a new name, 200 for a replaced one; `ETag` the definition's digest;
    /// sent once its journal record (if any) is durable.
    private func answer(_ control: RegisteredControl, _ changed: RegistryChanged) -> HTTPResponse {
        var answer = jsonAnswer(status: changed.existed ? 200 : 201, capacity: control.version.compact.count + 256) { w in
            detail(control, into: &w)
        }
        if !changed.existed { answer.headers.add("Location", "/v1/controls/\(control.name)") }
        answer.headers.add("ETag", "\"\(control.version.digest)\"")
        return SessionsAPI.durable(answer, changed.record, environment)
    }

    /// The name as a refusal names it: a member of `POST`'s body, or `PUT`'s and `DELETE`'s path parameter.
    private static let bodyName = "/name", pathName = "name"

    /// Only a `POST` registers a new name, so only its body's name can already exist.
    private func exists(_ name: String) -> Problem {
        Problem(409, "control_exists", "a control named '\(name)' is registered; PUT /v1/controls/\(name) replaces it", field: Self.bodyName)
    }

    private func damagedExists(_ name: String) -> Problem {
        Problem(409, "control_exists", "the journal records of a control named '\(name)' are damaged; PUT /v1/controls/\(name) "
                    + "registers it again, DELETE discards it", field: Self.bodyName)
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
        do throws(DocumentError) {
            return try ObjectReader(json)
        } catch {
            throw Problem(error)
        }
    }

    private func load(_ name: String, _ definition: JSON) throws(Problem) -> RegisteredControl {
        let version = try DefinitionVersion.load(definition, under: TreePath("definition"), limits: environment.limits)
        do {
            return try RegisteredControl(name: name, builtIn: false, version: version)
        } catch {
            throw Problem(definition: error, under: TreePath("definition"))
        }
    }

    private func checkName(_ name: String, field: String) throws(Problem) {
        guard Self.isValidName(name) else {
            throw Problem(400, "invalid_field", "'\(name)' is not a control name: 1 to 64 letters, digits, - and _, starting with a letter",
                          field: field)
        }
    }

    private func notFound(_ name: String) -> Problem {
        Problem(404, "control_not_found", "no control '\(name)'; GET /v1/controls lists them")
    }

    private func builtIn(_ name: String, field: String) -> Problem {
        Problem(409, "built_in_control", "'\(name)' is a built-in control: it cannot be replaced or removed; register yours under another name",
                field: field)
    }

    private func summary(_ control: RegisteredControl, into w: inout JSONWriter) {
        let document = control.version.document
        w.beginObject()
        w.member("name", control.name)
        w.member("builtIn", control.builtIn)
        if let description = control.version.definition.description { w.member("description", description) }
        w.member("digest", control.version.digest)
        w.key("parameters")
        w.value(document["parameters"] ?? .object([:]))
        w.key("commands")
        w.beginObject()
        for command in control.version.definition.commands {
            w.key(command.name)
            w.beginObject()
            w.key("parameters")
            w.value(document["commands"]?[command.name]?["parameters"] ?? .object([:]))
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
