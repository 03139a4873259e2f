import Foundation
import Testing
@testable import Routes

/// The contract on disk: `openapi.yaml` at the package root, two folders up from this file
/// (`Tests/RoutesTests/`).
enum OpenAPIDocument {
    static func text(filePath: String = #filePath) throws -> String {
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent()   // RoutesTests
            .deletingLastPathComponent()                                         // Tests
            .deletingLastPathComponent()                                         // the package
        return try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
    }

    static let methods: Set<String> = ["get", "post", "delete", "put", "patch"]

    /// "METHOD /path" for every operation: paths are the 2-space keys under `paths:` that start
    /// with `/`, methods the 4-space keys below them. Enough YAML for this file, no more.
    static func operations(in yaml: String) -> [String] {
        var operations: [String] = []
        var inPaths = false
        var path: String?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") && !line.isEmpty {
                inPaths = line == "paths:"
                path = nil
                continue
            }
            guard inPaths, let key = mappingKey(line) else { continue }
            if key.indent == 2 {
                path = key.name.hasPrefix("/") ? key.name : nil
            } else if key.indent == 4, let path, methods.contains(key.name) {
                operations.append("\(key.name.uppercased()) \(path)")
            }
        }
        return operations
    }

    /// `  name:` or `  name: value` → (indent, name); nil for anything else.
    static func mappingKey(_ line: Substring) -> (indent: Int, name: String)? {
        let indent = line.prefix { $0 == " " }.count
        let rest = line.dropFirst(indent)
        guard !rest.isEmpty, !rest.hasPrefix("#"), !rest.hasPrefix("-"), let colon = rest.firstIndex(of: ":") else { return nil }
        let name = rest[..<colon]
        let after = rest[rest.index(after: colon)...]
        guard after.isEmpty || after.hasPrefix(" ") else { return nil }
        return (indent, name.trimmingCharacters(in: CharacterSet(charactersIn: "'\"")))
    }
}

@Suite("openapi.yaml describes exactly the route table")
struct OpenAPIRouteTableTests {
    @Test func routesEqualTheDocumentedOperations() throws {
        let documented = OpenAPIDocument.operations(in: try OpenAPIDocument.text())
        let routes = makeApp(AppEnvironment(now: { 0 }, makeID: { "x" })).routes.map { "\($0.method) \($0.pattern)" }
        #expect(Set(routes) == Set(documented))
        #expect(routes.count == Set(routes).count, "a route declared twice")
        #expect(documented.count == Set(documented).count)
    }

    @Test func parserReadsPathsAndMethodsOnly() {
        let yaml = """
            openapi: 3.1.0
            paths:
              /a:
                parameters:
                  - name: x
                get:
                  responses:
                    '200':
                      post: {}
                delete: {}
              /b/{id}:
                post:
                  summary: x
            components:
              schemas:
                /c:
                  get: {}
            """
        #expect(OpenAPIDocument.operations(in: yaml) == ["GET /a", "DELETE /a", "POST /b/{id}"])
    }
}
