import Foundation
import Glibc
@testable import StrataHost

/// A temporary home for the pipeline's stages: a config, a plugin folder holding the built Healthy fixture
/// (`libStrataFixtureHealthy.so` from the build folder, as `libHealthyPlugin.so`), and state and data
/// folders, all under one folder removed at the end.
final class HostPipelineSandbox {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("strata-pipeline-\(UUID().uuidString)")
    var plugins: URL { root.appendingPathComponent("plugins") }
    var config: URL { root.appendingPathComponent("strata.json") }
    var environment: [String: String] {
        ["HOME": root.path, "XDG_STATE_HOME": root.appendingPathComponent("state").path,
         "XDG_CONFIG_HOME": root.appendingPathComponent("config").path, "XDG_DATA_HOME": root.appendingPathComponent("data").path]
    }

    /// Makes the folders, with the Healthy fixture in the plugin folder and `config` as the config. By default
    /// Healthy runs in process: a helper is `strata` itself, and this process is the test runner.
    init(config json: String = #"{"pluginDirectories": ["plugins"], "features": {"healthy": {"isolation": "none"}}}"#) throws {
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        chmod(root.path, 0o755)
        chmod(plugins.path, 0o755)
        let fixture = URL(fileURLWithPath: executableDirectory()).appendingPathComponent("libStrataFixtureHealthy.so")
        let library = plugins.appendingPathComponent("libHealthyPlugin.so")
        try FileManager.default.copyItem(at: fixture, to: library)
        chmod(library.path, 0o755)
        try Data(json.utf8).write(to: config)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The first stage, for `strata --config <config> <arguments…>`.
    func context(_ arguments: [String] = []) throws -> HostContext {
        try HostContext.load(options: HostOptions.parse(["--config", config.path] + arguments), environment: environment)
    }
}
