import Foundation
import PackagePlugin

/// Embeds every `*.json` of the target's `Controls/` folder (the built-in control definitions)
/// into the target at build time: `BuiltInControlFiles.swift` in the plugin's work directory,
/// never in `Sources/`. Adding a definition file is all it takes to add a built-in control.
@main
struct EmbedControls: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "Controls")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path()).filter { $0.hasSuffix(".json") }.sorted()
        let inputs = names.map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInControlFiles.swift")
        return [.buildCommand(displayName: "Embedding \(names.count) built-in control definitions",
                              executable: try context.tool(named: "ControlEmbedder").url,
                              arguments: [output.path()] + inputs.map { $0.path() },
                              inputFiles: inputs + [folder], outputFiles: [output])]
    }
}
