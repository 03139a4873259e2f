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
}
