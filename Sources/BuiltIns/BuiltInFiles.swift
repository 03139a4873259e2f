/// The built-in controls and scenes as shipped: one JSON file each in this target's `Controls/`
/// (`NN-name.json`) and `Scenes/`, embedded at build time by the EmbedControls plugin.
///
/// A target of its own because two readers need them and neither should depend on the other:
/// Routes loads them into its catalogue, and AnimationCore's tests drive the interpreter with them.
public enum BuiltInFiles {
    /// File name and text of each control definition, in file-name order (the catalogue's order).
    public static var controls: [(name: String, text: String)] { BuiltInControlFiles.files }
    /// File name and text of each built-in scene, in file-name order.
    public static var scenes: [(name: String, text: String)] { BuiltInSceneFiles.files }

    /// The name a built-in is known by, from its file's: `03-switch.json` → `switch`.
    public static func name(file: String) -> String {
        var name = Substring(file)
        if name.hasSuffix(".json") { name = name.dropLast(5) }
        if let dash = name.firstIndex(of: "-"), name[..<dash].allSatisfy(\.isNumber) { name = name[name.index(after: dash)...] }
        return String(name)
    }
}
