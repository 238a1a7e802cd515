import Foundation
import Testing

/// Two plugins from a third party's package (`Tests/Fixtures/OutOfTree`), built out of tree: the provider
/// exports a protocol from its own interface library, the consumer depends on it by version range and calls
/// it through `strata`; what the provider didn't export stays its own.
@Suite struct CrossPluginProcessTests {
    @Test(.timeLimit(.minutes(15)))
    func aConsumerCallsWhatTheProviderExportedAndNothingElse() async throws {
        let sandbox = try Sandbox()
        let package = BuildProducts.repositoryRoot.appendingPathComponent("Tests/Fixtures/OutOfTree/Greeters").path
        let scratch = sandbox.root.appendingPathComponent("build").path
        let swift = ProcessInfo.processInfo.environment["SWIFT_EXEC_FOR_TESTS"] ?? "/usr/bin/env"
        let arguments = ["build", "--package-path", package, "--scratch-path", scratch]
        let build = try await launch(swift, swift.hasSuffix("env") ? ["swift"] + arguments : arguments).finished(timeout: 900)
        #expect(build.status == 0, "swift build of the out-of-tree plugins failed:\n\(build.stdout.suffix(3000))\n\(build.stderr.suffix(3000))")
        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(scratch)/debug"]}"#)

        let greet = try sandbox.strata(["consumer", "greet", "Ada"])
        #expect(greet.status == 0, "\(greet.stderr)")
        #expect(greet.stdout == "HELLO, ADA!\n", "the provider's greeter, with its private ending")

        let peek = try sandbox.strata(["consumer", "peek"])
        #expect(peek.status == 1)
        #expect(peek.stderr.hasPrefix("consumer: plugin 'consumer' can't resolve String named 'ending': it is private to plugin 'provider'."),
                "\(peek.stderr)")

        let shared = try sandbox.strata(["di", "list", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(shared.stdout.utf8)) as? [[String: Any]])
        #expect(rows.contains { $0["owner"] as? String == "provider" && ($0["type"] as? String)?.contains("Greeter") == true })
        #expect(!rows.contains { $0["name"] as? String == "ending" })
        #expect(try sandbox.strata(["di", "list", "--private"]).stdout.contains("ending"))

        let plugins = try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)
        #expect(plugins["provider"]?.state == "enabled" && plugins["consumer"]?.state == "enabled")
        #expect(plugins["greeterinterface"] == nil, "the interface library is not a plugin")
    }
}
