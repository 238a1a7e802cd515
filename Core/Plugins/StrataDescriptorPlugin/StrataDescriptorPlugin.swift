import Foundation
import PackagePlugin

/// Compiles the `plugin.json` beside a plugin target's code into the target, as data in the library's
/// `strata_descriptor` ELF section, so that the host knows the plugin without loading it; and generates the
/// typed Swift of its commands and settings from it (a `DeclaredCommand` type per command, a
/// `DeclaredSettings` type for the settings; see Features/README.md).
///
/// Use it on the target of every plugin library (exclude `plugin.json` from the target's sources):
/// ```swift
/// .target(name: "HelloPlugin", dependencies: [...], exclude: ["plugin.json"],
///         plugins: [.plugin(name: "StrataDescriptorPlugin", package: "Core")])
/// ```
///
/// A target that is not a plugin (the host) has a `commands.json` instead, `{"commands": [...]}` in the
/// schema of `plugin.json`'s commands: only their typed Swift is generated, with the declarations as
/// `DeclaredCommands.all` (no descriptor section, no ABI stamp).
@main
struct StrataDescriptorPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "strata-descriptor").url
        // The typed Swift of its commands and settings (`RunningImportCommand`, `RunningSettings`).
        let typed = context.pluginWorkDirectoryURL.appending(path: "\(target.name)+Declarations.swift")
        let commands = target.directoryURL.appending(path: "commands.json")
        if FileManager.default.fileExists(atPath: commands.path) {
            return [
                .buildCommand(
                    displayName: "Generating the declared commands of \(target.name)", executable: tool,
                    arguments: ["--commands", commands.path, typed.path], inputFiles: [commands], outputFiles: [typed])
            ]
        }
        let input = target.directoryURL.appending(path: "plugin.json")
        let output = context.pluginWorkDirectoryURL.appending(path: "\(target.name)+Descriptor.swift")
        return [
            .buildCommand(
                displayName: "Compiling the Strata plugin descriptor of \(target.name)",
                executable: tool,
                arguments: [input.path, output.path, typed.path],
                inputFiles: [input], outputFiles: [output, typed])
        ]
    }
}
