import AnimationCore
import Foundation
import Testing
@testable import Routes

/// The layer table (`LayerSchema`) is the one declaration of a layer's fields: `openapi.yaml`'s
/// `Layer` schema, `client.d.ts`'s `Layer` interface and `docs/controls.md`'s layer section are
/// checked against it here, row by row (the JSON frames are written from it,
/// `FrameEncoderTests.everyRowOfTheTableReachesTheJSON`).
@Suite("Layer table against the contract, the client's types and the docs")
struct LayerSchemaContractTests {
    private static func file(_ path: String, filePath: String = #filePath) throws -> String {
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The lines of the 4-space-indented schema `name` under `components.schemas`, to the next one.
    private static func schema(_ name: String, in yaml: String) -> String? {
        let lines = yaml.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "    \(name):") else { return nil }
        let rest = lines[(start + 1)...].prefix { $0.hasPrefix("      ") || $0.isEmpty }
        return rest.joined(separator: "\n")
    }

    private static func openAPIType(_ kind: FrameShape.Kind) -> String {
        switch kind {
        case .number: "{type: number"
        case .bool: "{type: boolean"
        case .color: "{$ref: '#/components/schemas/Color'}"
        case .text: "{type: string"
        }
    }

    private static func typeScriptType(_ kind: FrameShape.Kind) -> String {
        switch kind {
        case .number: "number"
        case .bool: "boolean"
        case .color, .text: "string"
        }
    }

    /// `Layer.ObjectPart`'s component name: `LayerStroke` for `stroke`.
    private static func component(_ key: String) -> String { "Layer" + key.prefix(1).uppercased() + key.dropFirst() }

    @Test func openAPILayerSchemaHasEveryRow() throws {
        let yaml = try Self.file("openapi.yaml")
        let layer = try #require(Self.schema("Layer", in: yaml))
        let required = LayerSchema.parts.filter(\.always).flatMap { $0.frameObject.map { [$0] } ?? $0.fields.map(\.key) }
        #expect(layer.contains("required: [\((["id", "kind"] + required).joined(separator: ", "))]"))
        #expect(layer.contains("enum: [\(Layer.Kind.allCases.map(\.rawValue).joined(separator: ", "))]"))
        for part in LayerSchema.parts {
            if let object = part.frameObject {
                #expect(layer.contains("        \(object): {$ref: '#/components/schemas/\(Self.component(object))'}"), "\(object)")
                let schema = try #require(Self.schema(Self.component(object), in: yaml), "no \(Self.component(object))")
                #expect(schema.contains("required: [\(part.fields.map(\.key).joined(separator: ", "))]"), "\(object)")
                #expect(schema.contains("additionalProperties: false"))
                for field in part.fields {
                    #expect(schema.contains("        \(field.key): \(Self.openAPIType(field.kind))"), "\(object).\(field.key)")
                }
            } else {
                for field in part.fields {
                    #expect(layer.contains("        \(field.key): \(Self.openAPIType(field.kind))"), "\(field.key)")
                }
            }
        }
    }

    @Test func clientTypesHaveEveryRow() throws {
        let types = try Self.file("client/client.d.ts")
        let start = try #require(types.range(of: "export interface Layer {"))
        let layer = types[start.upperBound...].prefix { $0 != "}" }
        #expect(layer.contains("kind: \(Layer.Kind.allCases.map { "'\($0.rawValue)'" }.joined(separator: " | ")) | string;"))
        for part in LayerSchema.parts {
            if let object = part.frameObject {
                let name = Self.component(object)
                #expect(layer.contains("  \(object)?: \(name);"), "\(object)")
                let body = try #require(types.range(of: "export interface \(name) {").map { types[$0.upperBound...].prefix { $0 != "}" } },
                                        "no interface \(name)")
                let declared = body.split(separator: ";").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
                #expect(declared == part.fields.map { "\($0.key): \(Self.typeScriptType($0.kind))" }, "\(name)")
            } else {
                for field in part.fields {
                    let optional = part.always ? "" : "?"
                    #expect(layer.contains("  \(field.key)\(optional): \(Self.typeScriptType(field.kind));"), "\(field.key)")
                }
            }
        }
    }

    /// `docs/controls.md` names every field where a definition gives it.
    @Test func docsNameEveryRow() throws {
        let docs = try Self.file("docs/controls.md")
        for part in LayerSchema.parts {
            for field in part.fields {
                let key: String = switch part.placement {
                case .members: field.key
                case let .flattened(object), let .object(object): "\(object).\(field.key)"
                }
                #expect(docs.contains("`\(key)`"), "docs/controls.md does not name `\(key)`")
            }
        }
        for kind in Layer.Kind.allCases { #expect(docs.contains("`\(kind.rawValue)`"), "\(kind)") }
    }
}
