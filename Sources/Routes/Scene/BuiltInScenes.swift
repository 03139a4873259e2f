import BuiltIns
import AnimationCore

/// The scenes the server ships: one file each in `Sources/BuiltIns/Scenes/` (`NN-name.json`, a
/// `description` and a `scene` document as `POST /v1/sessions` takes it), embedded at build time
/// by the EmbedControls plugin, as the built-in controls are. `{"scene": "<name>"}` makes one.
enum BuiltInScenes {
    struct Entry: Sendable {
        let name: String
        let description: String
        /// `{"views": [...]}`.
        let scene: JSON
    }

    /// Every built-in scene, in file-name order. One that does not parse is a bug in this
    /// repository (the tests make each one).
    static let all: [Entry] = BuiltInFiles.scenes.map { file in
        let json: JSON
        do {
            json = try JSONParser().parse(Array(file.text.utf8))
        } catch {
            preconditionFailure("built-in scene \(file.name) is not valid JSON: \(error)")
        }
        guard let description = json["description"]?.stringValue, let scene = json["scene"] else {
            preconditionFailure("built-in scene \(file.name) needs a description and a scene")
        }
        return Entry(name: BuiltInFiles.name(file: file.name), description: description, scene: scene)
    }

    static func named(_ name: String) -> Entry? {
        all.first { $0.name == name }
    }
}
