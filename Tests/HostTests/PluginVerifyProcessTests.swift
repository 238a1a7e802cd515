import Foundation
import Testing

/// `strata plugins verify FILE` and discovery judge a plugin's binary against this strata's SDK from the
/// file alone: a plugin that needs an SDK symbol this SDK lacks is `incompatible`, named, and never opened.
@Suite struct PluginVerifyProcessTests {
    /// `PluginExport.export`, as the plugin imports it; patched to `exporx` it is a symbol no SDK exports.
    static let export = "$s15StrataPluginKit0B6ExportC6exportySvAA07FeatureB0_pFZ"

    /// TrapsAtLoad (its code traps when it registers) installed as `Traps`, needing `exporx` instead of `export`.
    static func installNeedingAMissingSymbol(_ sandbox: Sandbox) throws -> URL {
        let url = try sandbox.install(fixture: "TrapsAtLoad", as: "Traps")
        var bytes = try Data(contentsOf: url)
        let old = Data(export.utf8), new = Data(export.replacingOccurrences(of: "6export", with: "6exporx").utf8)
        var replaced = 0
        while let range = bytes.range(of: old) {
            bytes.replaceSubrange(range, with: new)
            replaced += 1
        }
        try #require(replaced > 0, "the fixture doesn't import \(export)")
        try bytes.write(to: url)
        return url
    }

    @Test(.timeLimit(.minutes(10)))
    func aPluginNeedingAMissingSDKSymbolIsIncompatibleAndNeverOpened() throws {
        let sandbox = try Sandbox()
        let library = try Self.installNeedingAMissingSymbol(sandbox)
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)

        // Twice: the second listing takes the verdict from the folder's catalog.
        for _ in 0..<2 {
            let rows = try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)
            #expect(rows["traps"]?.state == "incompatible")
            #expect(rows["traps"]?.error?.contains("it needs static StrataPluginKit.PluginExport.exporx(") == true, "\(rows["traps"]?.error ?? "")")
            #expect(rows["traps"]?.error?.contains("strata plugins verify \(library.resolvingSymlinksInPath().path)") == true)
            #expect(rows["healthy"]?.state == "enabled")
        }
        // Activating everything opens the healthy plugin and not the incompatible one (which would trap).
        let check = try sandbox.strata(["di", "list", "--private", "--json"])
        #expect(check.status == 0 && !check.signalled, "\(check.stderr)")
        let listed = try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)
        #expect(listed["traps"]?.mapped != true)

        let verify = try sandbox.strata(["plugins", "verify", library.path])
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("incompatible: built with SDK \(BuiltSDK.version) and Swift 6.3.1; this strata has SDK \(BuiltSDK.version)"), "\(verify.stdout)")
        #expect(verify.stdout.contains("    static StrataPluginKit.PluginExport.exporx(StrataPluginKit.FeaturePlugin) -> Swift.UnsafeMutableRawPointer"))
        let json = try JSONSerialization.jsonObject(with: Data(try sandbox.strata(["plugins", "verify", library.path, "--json"]).stdout.utf8))
        let report = try #require(json as? [String: Any])
        #expect(report["compatible"] as? Bool == false)
        #expect(report["sdk"] as? String == BuiltSDK.version)
        let missing = try #require(report["missingSymbols"] as? [[String: String]])
        #expect(missing.map { $0["mangled"] } == [Self.export.replacingOccurrences(of: "6export", with: "6exporx")])

        // plugins install refuses it too, naming the symbol, and installs nothing.
        let install = try sandbox.strata(["plugins", "install", library.path], environment: ["HOME": sandbox.root.path])
        #expect(install.status == 1 && install.stderr.contains("it needs static StrataPluginKit.PluginExport.exporx("), "\(install.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent(".local/lib/strata/plugins").path))
    }

    @Test(.timeLimit(.minutes(10)))
    func aBuiltPluginVerifiesAndNonsenseIsRefusedInWords() throws {
        let sandbox = try Sandbox()
        let healthy = try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        let good = try sandbox.strata(["plugins", "verify", healthy.path])
        #expect(good.status == 0 && good.stdout.contains("compatible (healthy): built with SDK \(BuiltSDK.version)"), "\(good.stdout)")
        #expect(good.stdout.contains("symbols it expects from the SDK are there"))

        let text = sandbox.root.appendingPathComponent("libJunkPlugin.so")
        try Data(String(repeating: "not a library. ", count: 10).utf8).write(to: text)
        let junk = try sandbox.strata(["plugins", "verify", text.path])
        #expect(junk.status == 1 && junk.stdout.contains("doesn't start with the ELF magic"), "\(junk.stdout)")
        let none = try sandbox.strata(["plugins", "verify", "/nonexistent/libNonePlugin.so"])
        #expect(none.status == 1 && none.stdout.contains("can't open /nonexistent/libNonePlugin.so"), "\(none.stdout)")
        // A file nothing could be read of is not told as "built with SDK ?": its own problem is the report.
        for refused in [junk, none] {
            #expect(refused.stdout.contains("can't be checked as a plugin") && !refused.stdout.contains("SDK ?"), "\(refused.stdout)")
        }
        #expect(try sandbox.strata(["plugins", "verify"]).status == 2)

        // A library with a descriptor but no entry point can't load: seen in its symbols, without loading it.
        let noEntry = try sandbox.install(fixture: "NoEntry", as: "NoEntry")
        let entryless = try sandbox.strata(["plugins", "verify", noEntry.path])
        #expect(entryless.status == 1 && entryless.stdout.contains("no entry point 'strata_plugin_entry'"), "\(entryless.stdout)")
    }

    /// The releases there is a baseline of in the checkout, oldest first: what `--against all` checks.
    static func releases() throws -> [String] {
        let folder = BuildProducts.repositoryRoot.appendingPathComponent("Core/ABI")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/symbols.txt").path) }
            .sorted { $0.compare($1, options: .numeric) == .orderedAscending }
    }

    @Test(.timeLimit(.minutes(10)))
    func aPluginIsCheckedAgainstAReleasedSDKsBaselineNamingWhatDiffers() throws {
        let sandbox = try Sandbox()
        let healthy = try sandbox.install(fixture: "Healthy", as: "Healthy")
        let traps = try Self.installNeedingAMissingSymbol(sandbox)
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        let releases = try Self.releases()
        try #require(releases.contains(BuiltSDK.version) && releases.count >= 2, "\(releases)")
        let oldest = try #require(releases.first)

        // Against the release this strata's SDK is: the same verdict as against this strata.
        let good = try sandbox.strata(["plugins", "verify", healthy.path, "--against", BuiltSDK.version])
        #expect(good.status == 0 && good.stdout.contains("compatible with SDK \(BuiltSDK.version) (healthy)"), "\(good.stdout)\(good.stderr)")
        let missing = try sandbox.strata(["plugins", "verify", traps.path, "--against", BuiltSDK.version])
        #expect(missing.status == 1 && !missing.signalled, "\(missing.stdout)\(missing.stderr)")
        #expect(missing.stdout.contains("incompatible with SDK \(BuiltSDK.version): built with SDK \(BuiltSDK.version) and Swift 6.3.1; SDK \(BuiltSDK.version) was released built with Swift 6.3.1."), "\(missing.stdout)")
        #expect(missing.stdout.contains("missing from SDK \(BuiltSDK.version)"), "\(missing.stdout)")
        #expect(missing.stdout.contains("    static StrataPluginKit.PluginExport.exporx(StrataPluginKit.FeaturePlugin) -> Swift.UnsafeMutableRawPointer"))

        // An older release's strata refuses a plugin built against a newer minor, by its stamp.
        let old = try sandbox.strata(["plugins", "verify", healthy.path, "--against", oldest])
        #expect(old.status == 1 && old.stdout.contains("built against Strata SDK \(BuiltSDK.minor); this strata has SDK "), "\(old.stdout)")

        // Every release, as JSON: one report each, oldest first, the release's SDK and compiler.
        let all = try sandbox.strata(["plugins", "verify", healthy.path, "--against", "all", "--json"])
        #expect(all.status == 1, "\(all.stderr)")
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
        #expect(reports.map { $0["against"] as? String } == releases)
        #expect(reports.map { $0["hostSDK"] as? String } == releases)
        #expect(reports.allSatisfy { $0["hostSwift"] as? String == "6.3.1" && $0["id"] as? String == "healthy" })
        #expect(reports.map { $0["compatible"] as? Bool } == releases.map { $0 == BuiltSDK.version })
        // Against this strata, the JSON has no `against`.
        let here = try JSONSerialization.jsonObject(with: Data(try sandbox.strata(["plugins", "verify", healthy.path, "--json"]).stdout.utf8))
        #expect((here as? [String: Any])?.keys.contains("against") == false)

        // A compiler other than the release's is named: the descriptor's stamp patched to Swift 6.2.9.
        var bytes = try Data(contentsOf: healthy)
        let stamp = Data("strata-sdk=\(BuiltSDK.version);swift=6.3.1".utf8)
        let range = try #require(bytes.range(of: stamp), "the fixture's descriptor has no stamp \(String(decoding: stamp, as: UTF8.self))")
        bytes.replaceSubrange(range, with: Data("strata-sdk=\(BuiltSDK.version);swift=6.2.9".utf8))
        let other = sandbox.root.appendingPathComponent("libOtherSwiftPlugin.so")
        try bytes.write(to: other)
        let compiler = try sandbox.strata(["plugins", "verify", other.path, "--against", BuiltSDK.version])
        #expect(compiler.status == 1 && compiler.stdout.contains("built by Swift 6.2.9; this strata was built by Swift 6.3.1"), "\(compiler.stdout)")

        // A release there is no baseline of is refused in words that list those there are.
        let unknown = try sandbox.strata(["plugins", "verify", healthy.path, "--against", "0.9.0"])
        #expect(unknown.status == 2 && unknown.stderr.contains("--against 0.9.0: no such SDK release; the releases are \(releases.joined(separator: ", ")), or all"), "\(unknown.stderr)")
        let help = try sandbox.strata(["plugins", "verify", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--against SDK_VERSION"), "\(help.stdout)")
    }
}
