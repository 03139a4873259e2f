import Foundation
import Testing
@testable import Routes

/// A built-in is one definition file (issue 28): `openapi.yaml`'s parts about it are derived from
/// the file by `scripts/openapi_configs.py` (CI checks they are current). This suite holds the
/// contract to the folder without Python: every file has its `<Name>Config` schema with exactly
/// its parameters, in order, and both `control → config` chains name it.
@Suite("Built-ins: openapi.yaml describes every definition file")
struct BuiltInContractTests {
    static func schemaName(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst() + "Config"
    }

    /// The 8-space property keys of the `    <schema>:` block under `components.schemas`.
    static func properties(of schema: String, in yaml: String) -> [String]? {
        var inside = false, inProperties = false, keys: [String] = []
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "    \(schema):" {
                inside = true
                continue
            }
            guard inside else { continue }
            if let key = OpenAPIDocument.mappingKey(line), key.indent <= 4 { break }
            if line == "      properties:" {
                inProperties = true
            } else if let key = OpenAPIDocument.mappingKey(line), key.indent == 6 {
                inProperties = false
            } else if inProperties, let key = OpenAPIDocument.mappingKey(line), key.indent == 8 {
                keys.append(key.name)
            }
        }
        return inside ? keys : nil
    }

    @Test func everyFileHasItsConfigSchemaWithExactlyItsParameters() throws {
        let yaml = try OpenAPIDocument.text()
        for (name, text) in try BuiltInFiles.all() {
            let parameters = (try JSONParser().parse(Array(text.utf8))["parameters"]?.objectValue?.keys).map(Array.init) ?? []
            let documented = try #require(Self.properties(of: Self.schemaName(name), in: yaml),
                                          "openapi.yaml has no \(Self.schemaName(name)): run scripts/openapi_configs.py")
            #expect(documented == parameters, "\(Self.schemaName(name))")
        }
    }

    @Test func bothNamedChainsAndTheConfigListNameEveryFile() throws {
        let yaml = try OpenAPIDocument.text()
        for (name, _) in try BuiltInFiles.all() {
            let condition = "if: {required: [control], properties: {control: {const: \(name)}}}"
            let consequence = "then: {properties: {config: {$ref: '#/components/schemas/\(Self.schemaName(name))'}}}"
            #expect(yaml.components(separatedBy: condition).count - 1 == 2, "\(name): a named session and a named scenario")
            #expect(yaml.components(separatedBy: consequence).count - 1 == 2, "\(name)")
            #expect(yaml.contains("`\(Self.schemaName(name))`"), "ControlConfig lists \(name)")
        }
    }
}
