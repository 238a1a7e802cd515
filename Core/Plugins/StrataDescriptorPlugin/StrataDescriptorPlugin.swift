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
@main
struct StrataDescriptorPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let input = target.directoryURL.appending(path: "plugin.json")
        let output = context.pluginWorkDirectoryURL.appending(path: "\(target.name)+Descriptor.swift")
        // The typed Swift of its commands and settings (`RunningImportCommand`, `RunningSettings`).
        let typed = context.pluginWorkDirectoryURL.appending(path: "\(target.name)+Declarations.swift")
        return [
            .buildCommand(displayName: "Compiling the Strata plugin descriptor of \(target.name)",
                          executable: try context.tool(named: "strata-descriptor").url,
                          arguments: [input.path, output.path, typed.path],
                          inputFiles: [input], outputFiles: [output, typed]),
        ]
    }
}
