import Foundation
import PackagePlugin

/// Embeds every `*.json` of the target's `Controls/` folder (the built-in control definitions)
/// and of its `Scenes/` folder (the built-in scenes) into the target at build time:
/// `BuiltInControlFiles.swift` and `BuiltInSceneFiles.swift` in the plugin's work directory,
/// never in `Sources/`. Adding a file is all it takes to add a built-in control or scene.
@main
struct EmbedControls: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folders = [("Controls", "BuiltInControlFiles", "built-in control definitions"),
                       ("Scenes", "BuiltInSceneFiles", "built-in scenes")]
        return try folders.map { folderName, enumName, what in
            let folder = target.directoryURL.appending(path: folderName)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path()).filter { $0.hasSuffix(".json") }.sorted()
            let inputs = names.map { folder.appending(path: $0) }
            let output = context.pluginWorkDirectoryURL.appending(path: "\(enumName).swift")
            return .buildCommand(displayName: "Embedding \(names.count) \(what)",
                                 executable: try context.tool(named: "ControlEmbedder").url,
                                 arguments: [output.path(), enumName] + inputs.map { $0.path() },
                                 inputFiles: inputs + [folder], outputFiles: [output])
        }
    }
}
