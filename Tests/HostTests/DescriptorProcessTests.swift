import Foundation
import Glibc
import Testing

/// The host knows every plugin from the descriptor inside its library, before any of its code runs.
@Suite struct DescriptorProcessTests {
    /// A copy of fixture `fixture` installed as `lib<name>Plugin.so`, with `change` applied to its bytes.
    static func installPatched(_ sandbox: Sandbox, fixture: String, as name: String, _ change: (inout Data) throws -> Void) throws {
        let url = try sandbox.install(fixture: fixture, as: name)
        var bytes = try Data(contentsOf: url)
        try change(&bytes)
        try bytes.write(to: url)
    }

    /// Where the descriptor section starts: its magic `SDSC` and format version 1.
    static func sectionStart(_ bytes: Data) throws -> Int {
        let header = Data([0x53, 0x44, 0x53, 0x43, 0x01, 0x00, 0x00, 0x00])
        return try #require(bytes.range(of: header)?.lowerBound, "no descriptor section")
    }

    /// Replaces `old` by `new` (of the same length) inside the descriptor's JSON.
    static func replaceInDescriptor(_ bytes: inout Data, _ old: String, _ new: String) throws {
        precondition(old.utf8.count == new.utf8.count)
        let start = try sectionStart(bytes)
        let range = try #require(bytes.range(of: Data(old.utf8), in: start..<bytes.count), "\(old) not in the descriptor")
        bytes.replaceSubrange(range, with: Data(new.utf8))
    }

    @Test(.timeLimit(.minutes(10)))
    func everyDamagedDescriptorFailsItsPluginAloneWithItsOwnReason() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try Data((0..<4096).map { _ in UInt8.random(in: 0...255) }).write(to: sandbox.plugins.appendingPathComponent("libRandomPlugin.so"))
        try Self.installPatched(sandbox, fixture: "Healthy", as: "Truncated") { $0 = $0.prefix(4096) }
        try Self.installPatched(sandbox, fixture: "Healthy", as: "Cutshort") { bytes in
            let start = try Self.sectionStart(bytes)
            bytes.replaceSubrange(start + 8..<start + 12, with: Data([0xFF, 0xFF, 0x00, 0x00]))
        }
        try Self.installPatched(sandbox, fixture: "Healthy", as: "Badjson") { bytes in
            let start = try Self.sectionStart(bytes)
            bytes[start + 16] = UInt8(ascii: "#")
        }
        try Self.installPatched(sandbox, fixture: "Healthy", as: "Badtypes") { try Self.replaceInDescriptor(&$0, #""version":"0.0.1""#, #""version":1234567"#) }
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)

        let rows = try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)

        let reasons: [String: String] = [
            "random": "not a plugin library",
            "truncated": "the library is truncated",
            "cutshort": "it says the descriptor has 65535 bytes, but only",
            "badjson": "the descriptor is not valid JSON",
            "badtypes": "the descriptor's `version` is wrong: expected a string, found a number",
        ]
        for (id, reason) in reasons {
            #expect(rows[id]?.state == "failed", "\(id)")
            #expect(rows[id]?.error?.contains(reason) == true, "\(id): \(rows[id]?.error ?? "no error")")
        }
        #expect(rows["healthy"]?.state == "enabled")
        let ping = try sandbox.strata(["healthy", "ping"])
        #expect(ping.status == 0 && ping.stdout == "pong (hello from healthy)\n", "the others still work")
    }

    /// One crafted header value (a section header offset of 2^63) trapped strata in every command, `--help`
    /// and `plugins uninstall` included; now that file alone fails, and the other plugins and commands work.
    @Test(.timeLimit(.minutes(10)))
    func aCraftedELFHeaderFailsItsPluginAloneAndNeverStopsACommand() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try Self.installPatched(sandbox, fixture: "Healthy", as: "Crafted") { bytes in
            bytes.replaceSubrange(0x28..<0x30, with: Data([0, 0, 0, 0, 0, 0, 0, 0x80]))
        }
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)

        let rows = try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)
        #expect(rows["crafted"]?.state == "failed")
        #expect(rows["crafted"]?.error?.contains("no usable section header table") == true, "\(rows["crafted"]?.error ?? "")")
        #expect(try sandbox.strata(["--help"]).status == 0)
        let ping = try sandbox.strata(["healthy", "ping"])
        #expect(ping.status == 0 && ping.stdout == "pong (hello from healthy)\n")
        #expect(try sandbox.strata(["plugins", "uninstall", "crafted"]).status != 132)
    }

    /// A file's times are the file's to say: one dated 2300 overflowed nanoseconds since 1970 in the file
    /// identity the crash journal keeps, and trapped every command that used the plugin.
    @Test(.timeLimit(.minutes(10)))
    func aPluginFileDatedFarAheadStillRuns() throws {
        let sandbox = try Sandbox.withHealthy()
        let library = sandbox.plugins.appendingPathComponent("libHealthyPlugin.so")
        var times = [timespec(tv_sec: 10_413_792_000, tv_nsec: 0), timespec(tv_sec: 10_413_792_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, library.path, &times, 0) == 0)
        let ping = try sandbox.strata(["healthy", "ping"])
        #expect(ping.status == 0 && ping.stdout == "pong (hello from healthy)\n", "\(ping.stderr)")
    }

    @Test(.timeLimit(.minutes(10)))
    func aLibraryWithoutADescriptorSaysHowToBuildOne() throws {
        let sandbox = try Sandbox()
        // An ELF file with no descriptor: a library of the SDK itself.
        try FileManager.default.copyItem(at: BuildProducts.directory.appendingPathComponent("libStrataRuntime.so"),
                                         to: sandbox.plugins.appendingPathComponent("libBarePlugin.so"))
        chmod(sandbox.plugins.appendingPathComponent("libBarePlugin.so").path, 0o755)
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)

        let rows = try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)

        #expect(rows["bare"]?.state == "failed")
        #expect(rows["bare"]?.error?.contains("no plugin descriptor (no `strata_descriptor` section)") == true)
        #expect(rows["bare"]?.error?.contains("strata plugins new") == true)
    }

    /// A stamp patched in place (the same length), and the line that refuses it.
    static let otherBuilds = [
        ("strata-sdk=\(BuiltSDK.version);", "strata-sdk=0.9.0;", "built for SDK 0.x; this strata is SDK 1: rebuild the plugin"),
        ("strata-sdk=\(BuiltSDK.version);", "strata-sdk=1.9.0;", "built against Strata SDK 1.9; this strata has SDK \(BuiltSDK.minor): update strata"),
        (";swift=6.3", ";swift=9.3", "built by Swift 9.3"),
    ]

    @Test(.timeLimit(.minutes(10)), arguments: otherBuilds)
    func aPluginBuiltForAnotherSDKOrSwiftIsRefusedFromItsDescriptorWithoutRunningItsCode(stamp: (String, String, String)) throws {
        let sandbox = try Sandbox()
        // Its code traps when it registers: if the host loaded it, the command would die with a signal.
        try Self.installPatched(sandbox, fixture: "TrapsAtLoad", as: "Traps") { try Self.replaceInDescriptor(&$0, stamp.0, stamp.1) }
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)

        let all = try sandbox.strata(["di", "list", "--private", "--json"])
        #expect(all.status == 0 && !all.signalled)
        let rows = try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)
        #expect(rows["traps"]?.state == "incompatible")
        #expect(rows["traps"]?.error?.contains(stamp.2) == true, "\(rows["traps"]?.error ?? "")")
    }

    @Test(.timeLimit(.minutes(10)), arguments: [["plugins", "list"], ["--help"], ["config", "check"], []])
    func listingHelpAndConfigCheckRunNoPluginCode(command: [String]) throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "TrapsAtLoad", as: "Traps")
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)

        let result = try sandbox.strata(command)

        #expect(result.status == 0 && !result.signalled, "\(command): \(result.stderr)")
        #expect(result.stdout.contains("healthy") || result.stdout.contains("Healthy"))
    }

    @Test(.timeLimit(.minutes(10)))
    func aCommandActivatesOnlyThePluginThatOwnsIt() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("{}")

        let result = try sandbox.strata(["-v", "clock"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("opened blocks"))
        for other in ["movies", "gpt", "running"] {
            #expect(!result.stderr.contains("opened \(other)"), "`clock` loaded \(other)")
        }
    }

    @Test(.timeLimit(.minutes(10)), arguments: [["clock"], ["daily", "list"], ["timer", "list"], ["blocks", "list"], ["clock", "stop"]])
    func everyWordOfADisabledPluginSaysItIsDisabled(command: [String]) throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"features": {"blocks": {"enabled": false}}}"#)

        let result = try sandbox.strata(command)

        #expect(result.status == 1)
        #expect(result.stderr.contains("feature 'blocks' is disabled in \(sandbox.config.path)"), "\(command): \(result.stderr)")
    }

    @Test(.timeLimit(.minutes(10)))
    func twoPluginsClaimingOneWordAreAConflictNamingBothFilesAndNeitherWins() throws {
        let sandbox = try Sandbox()
        let thief = try sandbox.install(fixture: "ClaimsClock", as: "Clockthief")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins", "\#(BuildProducts.directory.path)"]}"#)

        let rows = try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)
        let clock = try sandbox.strata(["clock"])

        let blocks = BuildProducts.directory.appendingPathComponent("libBlocksPlugin.so").resolvingSymlinksInPath().path
        for id in ["clockthief", "blocks"] {
            #expect(rows[id]?.state == "failed")
            #expect(rows[id]?.error?.contains("conflict") == true && rows[id]?.error?.contains(thief.path) == true
                    && rows[id]?.error?.contains(blocks) == true, "\(id): \(rows[id]?.error ?? "")")
        }
        #expect(clock.status == 1 && !clock.stdout.contains("stolen"))
        #expect(clock.stderr.contains("conflict"))
    }

    @Test(.timeLimit(.minutes(10)))
    func codeThatDisagreesWithItsDescriptorFailsNamingTheCommand() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Disagrees", as: "Disagrees")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)

        let result = try sandbox.strata(["disagrees", "ping"])

        #expect(result.status == 1)
        #expect(result.stderr.contains("disagrees with its descriptor"))
        #expect(result.stderr.contains("'disagrees pong', which the descriptor doesn't declare"))
    }

    /// Start only what is needed: the HTTP client's library is opened when a plugin first resolves an
    /// `HTTPClient`, and libcurl (with its tree) when it first sends a request, never at start (the Movies
    /// and Gpt process tests prove requests still work).
    @Test func theHostLinksNeitherFoundationNetworkingNorCurl() throws {
        let ldd = try run("/usr/bin/ldd", [BuildProducts.strata])
        #expect(ldd.status == 0)
        #expect(ldd.stdout.contains("libStrataNetworking.so"), "the networking protocols are linked: \(ldd.stdout)")
        #expect(!ldd.stdout.contains("libFoundationNetworking"))
        #expect(!ldd.stdout.contains("libcurl"))
        #expect(!ldd.stdout.contains("libStrataURLSession"))
        // The SDK and the host need only FoundationEssentials: no Foundation, no ICU, until a plugin brings them.
        #expect(ldd.stdout.contains("libFoundationEssentials.so"))
        #expect(!ldd.stdout.contains("libFoundation.so") && !ldd.stdout.contains("ICU"), "\(ldd.stdout)")
    }

    /// The HTTP client's library opens libcurl itself (`dlopen("libcurl.so.4")`) when it sends its first
    /// request, and needs nothing of Foundation but FoundationEssentials: opening it maps neither
    /// FoundationNetworking, nor libcurl, nor Foundation and ICU.
    @Test func theHTTPClientLibraryLinksNeitherFoundationNetworkingNorCurl() throws {
        let ldd = try run("/usr/bin/ldd", [BuildProducts.directory.appendingPathComponent("libStrataURLSession.so").path])
        #expect(ldd.status == 0)
        #expect(ldd.stdout.contains("libFoundationEssentials.so"), "\(ldd.stdout)")
        #expect(!ldd.stdout.contains("libFoundationNetworking") && !ldd.stdout.contains("libcurl"), "\(ldd.stdout)")
        #expect(!ldd.stdout.contains("libFoundation.so") && !ldd.stdout.contains("ICU"), "\(ldd.stdout)")
    }

    /// A folder with more plugins than discovery reads on one thread (64) is read on all cores: every
    /// plugin still comes out once, in file-name order, each with its own descriptor, and the bad ones
    /// (an id that isn't the file's, the same file again through a link) fail alone.
    @Test(.timeLimit(.minutes(10)))
    func aHundredPluginsAreListedInOrderEachFromItsOwnDescriptor() throws {
        let sandbox = try Sandbox()
        let ids = (1...100).map { String(format: "h%06d", $0) }
        for id in ids {
            try Self.installPatched(sandbox, fixture: "Healthy", as: id.capitalized) { bytes in
                try Self.replaceInDescriptor(&bytes, #""id":"healthy""#, #""id":"\#(id)""#)
                try Self.replaceInDescriptor(&bytes, #"["healthy","ping"]"#, #"["\#(id)","ping"]"#)  // no two claim one word
            }
        }
        try Self.installPatched(sandbox, fixture: "Healthy", as: "H000999") { bytes in
            try Self.replaceInDescriptor(&bytes, #""id":"healthy""#, #""id":"h000998""#)
            try Self.replaceInDescriptor(&bytes, #"["healthy","ping"]"#, #"["h000999","ping"]"#)
        }
        try FileManager.default.createSymbolicLink(atPath: sandbox.plugins.appendingPathComponent("libZlinkPlugin.so").path,
                                                   withDestinationPath: sandbox.plugins.appendingPathComponent("libH000050Plugin.so").path)
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)

        let listed = try sandbox.strata(["plugins", "list", "--json"])
        #expect(listed.status == 0)
        let rows = try JSONDecoder().decode([PluginRow].self, from: Data(listed.stdout.utf8))
        #expect(rows.map(\.id) == ids + ["h000999"], "the link to h000050's file is that file, listed once")
        #expect(rows.prefix(100).allSatisfy { $0.state == "enabled" && $0.error == nil }, "\(rows.first { $0.error != nil }?.error ?? "")")
        #expect(rows.last?.state == "failed" && rows.last?.error?.contains("its descriptor's id is 'h000998'") == true)
    }

    /// A link under a plugin's name that leads nowhere (its target gone, or a loop) was left out of the list
    /// without a word, so a person who dropped it in saw nothing; it is listed as failed, saying what to do.
    @Test func aLinkThatLeadsNowhereIsListedWithWhatToDo() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.plugins, withIntermediateDirectories: true)
        let plugins = sandbox.plugins.path
        try FileManager.default.createSymbolicLink(atPath: "\(plugins)/libGonePlugin.so", withDestinationPath: "\(sandbox.root.path)/moved/libGonePlugin.so")
        try FileManager.default.createSymbolicLink(atPath: "\(plugins)/libLoopPlugin.so", withDestinationPath: "\(plugins)/loop")
        try FileManager.default.createSymbolicLink(atPath: "\(plugins)/loop", withDestinationPath: "\(plugins)/libLoopPlugin.so")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)

        let listed = try sandbox.strata(["plugins", "list", "--json"])
        #expect(listed.status == 0)
        let rows = try decodeRows(listed.stdout)
        for id in ["gone", "loop"] {
            #expect(rows[id]?.state == "failed", "\(id) is listed")
            #expect(rows[id]?.error?.contains("is a link that leads to no file") == true, "\(rows[id]?.error ?? "not listed")")
            #expect(rows[id]?.error?.contains("remove it, or point it at a plugin library") == true)
        }
    }
}
