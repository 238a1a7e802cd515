import Foundation
import Testing

/// The config a helper reads is strata's to give it, one per helper: strata writes it in the plugin's data
/// folder and removes it once the helper has read it.
@Suite struct HelperConfigProcessTests {
    /// Sixteen `blocks list` at once, each through a helper of its own: each reads the config its strata wrote.
    /// (Before, every helper read `.helper-config.json`, which each strata rewrote in place: about a third of
    /// such runs failed with "the config … is not valid JSON", having read it half written.) None is left.
    @Test(.timeLimit(.minutes(10)))
    func helpersStartedAtOnceEachReadTheirOwnConfig() throws {
        let sandbox = try BlocksProcessTests.sandbox(.process)
        #expect(try sandbox.strata(["blocks", "add", "Deep work", "--hours", "4"]).status == 0)
        let runs = try (0..<16).map { _ in
            try launch(BuildProducts.strata, ["--config", sandbox.config.path, "--data-dir", sandbox.data.path, "blocks", "list"])
        }
        for result in try runs.map({ try $0.wait() }) {
            #expect(result.status == 0 && result.stdout.contains("Deep work"), "\(result.stderr)")
        }
        let folder = sandbox.data.appendingPathComponent("blocks").path
        let configs = (FileManager.default.subpaths(atPath: folder) ?? []).filter { $0.hasPrefix(".helper-config") && $0.hasSuffix(".json") }
        #expect(configs.isEmpty, "\(configs)")
    }
}
