import Foundation
import Testing

/// Plugins built as packages of their own, out of tree, dropped into a folder and run through `strata`: one
/// written with `strata plugins new`, and two third-party plugins that use each other
/// (`Tests/Fixtures/OutOfTree`: the provider exports a protocol from its own interface library, the consumer
/// depends on it by version range; what the provider didn't export stays its own). One build at a time.
@Suite(.serialized) struct DropInTests {
    @Test(.timeLimit(.minutes(15)))
    func scaffoldedPluginBuildsAndRunsThroughStrata() async throws {
        let sandbox = try Sandbox()
        let scaffold = try sandbox.strata(["plugins", "new", "Hello", "--path", sandbox.root.path])
        #expect(scaffold.status == 0, "\(scaffold.stderr)")
        let package = sandbox.root.appendingPathComponent("Hello")
        for file in ["Package.swift", "Sources/HelloDomain/GreetUseCase.swift", "Sources/HelloData/FileSalutationRepository.swift",
                     "Sources/HelloPresentation/HelloScreen.swift", "Sources/HelloPlugin/HelloPlugin.swift",
                     "Sources/HelloPlugin/HelloPlugin+Entry.swift", "Sources/HelloPlugin/plugin.json",
                     "Tests/HelloDomainTests/GreetUseCaseTests.swift", "Tests/HelloDataTests/FileSalutationRepositoryTests.swift",
                     "Tests/HelloPluginTests/HelloPluginTests.swift"] {
            #expect(FileManager.default.fileExists(atPath: package.appendingPathComponent(file).path), "missing \(file)")
        }

        let build = try await sandbox.swift(["build"], in: package)
        #expect(build.status == 0, "swift build of the scaffold failed:\n\(build.stdout.suffix(3000))\n\(build.stderr.suffix(3000))")

        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(package.path)/.build/debug"]}"#)
        // It opens a screen, where it may ask for files: a drop-in needs its user's yes for that first.
        #expect(try sandbox.strata(["hello", "greet", "World"]).stderr.contains("Run `strata plugins allow hello`"))
        #expect(try sandbox.strata(["plugins", "allow", "hello", "--yes"]).status == 0)
        let greet = try sandbox.strata(["hello", "greet", "World"])
        #expect(greet.status == 0, "\(greet.stderr)")
        #expect(greet.stdout == "Hello, World!\n")
        // What the command takes is in its plugin.json: strata refuses a missing name before loading it.
        let missing = try sandbox.strata(["hello", "greet"])
        #expect(missing.status == 2 && missing.stderr == "hello: missing NAME\nUsage: strata hello greet NAME... [--shout]\n", "\(missing.stderr)")
        #expect(try sandbox.strata(["hello", "greet", "Ada", "--shout"]).stdout == "HELLO, ADA!\n")

        // Its own tests pass: the domain's, and the plugin's on StrataTesting's in-memory host.
        let test = try await sandbox.swift(["test"], in: package)
        #expect(test.status == 0, "swift test of the scaffold failed:\n\(test.stdout.suffix(3000))\n\(test.stderr.suffix(3000))")
        let report = test.stdout + test.stderr
        #expect(report.contains("aMissingNameIsAUsageError") && report.contains("theScreenGreetsWhatIsTyped")
                && report.contains("theSalutationComesFromItsFileOrIsHello"))

        let list = try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)
        #expect(list["hello"]?.state == "enabled")
        #expect(list["hello"]?.displayName == "Hello")
        #expect(list["hello"]?.version == "0.1.0")

        // Sealed: the host's own library is not among what a plugin links, and the old SPI opens nothing; the
        // plugin stops building, with the compiler's words for why (even now that its tests built StrataTesting).
        let sneakIn = try await buildFails(package, in: sandbox, adding: "import StrataHostKit\nfunc sneak() { HostSecrets.removeAll() }\n")
        #expect(sneakIn.contains("error: module 'StrataHostKit' doesn't allow importation from module 'HelloPlugin'"), "\(sneakIn.suffix(3000))")
        let spi = try await buildFails(package, in: sandbox, adding: """
            @_spi(StrataHost) import StrataPluginKit
            func sneak(_ context: PluginContext) { context.container.freeze() }

            """)
        #expect(spi.contains("error: value of type 'PluginContext' has no member 'container'"), "\(spi.suffix(3000))")
    }

    /// Builds `package` with one more source in its plugin target, and returns what the build printed; the
    /// build must fail. The source is removed again.
    private func buildFails(_ package: URL, in sandbox: Sandbox, adding source: String) async throws -> String {
        let file = package.appendingPathComponent("Sources/HelloPlugin/Sneak.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let build = try await sandbox.swift(["build"], in: package)
        #expect(build.status != 0, "the plugin built with \(source)")
        return build.stdout + build.stderr
    }

    @Test func scaffoldRefusesAnExistingFolderAndBadNames() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.strata(["plugins", "new", "Hello", "--path", sandbox.root.path]).status == 0)
        let again = try sandbox.strata(["plugins", "new", "Hello", "--path", sandbox.root.path])
        #expect(again.status == 1 && again.stderr.contains("already exists"))
        let bad = try sandbox.strata(["plugins", "new", "my-plugin", "--path", sandbox.root.path])
        #expect(bad.status == 2 && bad.stderr.contains("NAME must be letters and digits"))
        let noFolder = try sandbox.strata(["plugins", "new", "Other", "--path"])
        #expect(noFolder.status == 2 && noFolder.stderr.contains("--path needs a value") && noFolder.stderr.contains("Usage: strata plugins new NAME [--path DIR] [--core PATH]"))
    }

    @Test(.timeLimit(.minutes(15)))
    func aConsumerCallsWhatTheProviderExportedAndNothingElse() async throws {
        let sandbox = try Sandbox()
        let package = BuildProducts.repositoryRoot.appendingPathComponent("Tests/Fixtures/OutOfTree/Greeters").path
        let scratch = sandbox.root.appendingPathComponent("build").path
        let build = try await sandbox.swift(["build", "--package-path", package, "--scratch-path", scratch])
        #expect(build.status == 0, "swift build of the out-of-tree plugins failed:\n\(build.stdout.suffix(3000))\n\(build.stderr.suffix(3000))")
        // Drop-ins run in sandboxed helpers by default, and Swift types don't cross between processes: the
        // consumer is refused before any helper starts, saying why and what to do.
        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(scratch)/debug"]}"#)
        let isolated = try sandbox.strata(["consumer", "greet", "Ada"])
        #expect(isolated.status == 1 && isolated.stdout.isEmpty)
        #expect(isolated.stderr.hasPrefix(
            "strata: plugin consumer uses provider's Swift types (\"dependencies\" in its plugin.json), but consumer runs in a helper process "
                + "(the default for a plugin that doesn't ship with strata"), "\(isolated.stderr)")
        #expect(isolated.stderr.contains("set \"isolation\": \"none\" under features.consumer and features.provider in \(sandbox.config.path)"))
        // The consumer alone inside strata: the provider's types are still in its helper.
        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(scratch)/debug"], "features": {"consumer": {"isolation": "none"}}}"#)
        let half = try sandbox.strata(["consumer", "greet", "Ada"])
        #expect(half.status == 1 && half.stderr.contains("plugin consumer uses provider's Swift types") && half.stderr.contains("but provider runs in a helper"),
                "\(half.stderr)")

        try sandbox.writeConfig(
            #"{"pluginDirectories": ["\#(scratch)/debug"], "features": {"consumer": {"isolation": "none"}, "provider": {"isolation": "none"}}}"#)
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
