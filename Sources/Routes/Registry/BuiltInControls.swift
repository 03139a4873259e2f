import BuiltIns
import AnimationCore

/// The controls the server ships: one definition file each in `Sources/BuiltIns/Controls/`
/// (`NN-name.json`, listed in file-name order), embedded at build time, loaded once.
public enum BuiltInControls {
    public struct Entry: Sendable {
        public let name: String
        /// The definition document as loaded.
        public let document: JSON
        public let definition: ControlDefinition
    }

    /// Every built-in, in catalogue order. A built-in that does not load is a bug in this
    /// repository: the tests load them all, and the server stops at start-up naming the fault.
    public static let all: [Entry] = BuiltInFiles.controls.map { file in
        let name = BuiltInFiles.name(file: file.name)
        let document: JSON
        do {
            document = try JSONParser().parse(Array(file.text.utf8))
        } catch {
            preconditionFailure("built-in control \(file.name) is not valid JSON: \(error)")
        }
        do {
            return Entry(name: name, document: document, definition: try ControlDefinition(document))
        } catch {
            preconditionFailure("built-in control \(file.name) does not load: \(error)")
        }
    }

    public static func named(_ name: String) -> Entry? {
        all.first { $0.name == name }
    }
}
