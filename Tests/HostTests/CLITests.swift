import Foundation
import Testing

/// The command line as a user meets it: help, version, exit codes.
@Suite struct CLITests {
    @Test func helpListsHostAndFeatureCommands() throws {
        let sandbox = try Sandbox.withHealthy()
        let result = try sandbox.strata(["--help"])
        #expect(result.status == 0)
        for expected in ["plugins list [--json]", "plugins check", "config check", "di list", "healthy ping"] {
            #expect(result.stdout.contains(expected), "help lacks \(expected)")
        }
    }

    @Test func versionShowsTheSDKStamp() throws {
        let result = try strata(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("strata-sdk=\(BuiltSDK.version);swift="))
    }

    /// `strata … --json > out.json` on a full disk exited 0 with the file cut short (here empty): a script
    /// took it for the whole answer. strata's own output and a plugin's, from its helper, alike.
    @Test func outputThatCantBeWrittenFailsTheCommand() throws {
        let sandbox = try Sandbox.withHealthy()
        for words in [["plugins", "list", "--json"], ["healthy", "ping"]] {
            let result = try run(
                "/bin/sh", ["-c", #"exec "$0" "$@" >/dev/full"#, BuildProducts.strata, "--config", sandbox.config.path] + words)
            #expect(result.status == 1, "\(words): \(result.stderr)")
            #expect(result.stderr.contains("strata: can't write to standard output (No space left on device), so what was printed is cut short."), "\(result.stderr)")
        }
    }

    @Test func unknownCommandIsAUsageError() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        let result = try sandbox.strata(["frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown command 'frobnicate'"))
    }

    /// A near miss names the command meant; an option strata doesn't know is called an option.
    @Test func aMistypedCommandIsNamedAndAnUnknownOptionIsCalledOne() throws {
        let sandbox = try Sandbox.withHealthy()
        let typo = try sandbox.strata(["helthy", "ping"])
        #expect(typo.status == 2 && typo.stderr.contains("unknown command 'helthy ping'. Did you mean 'healthy'?"), "\(typo.stderr)")
        let option = try sandbox.strata(["--bogus"])
        #expect(option.status == 2 && option.stderr.contains("unknown option '--bogus'."), "\(option.stderr)")
        #expect(try sandbox.strata(["--version", "extra"]).status == 2)
    }

    @Test func anUnknownCommandOfAFeatureGoesToStandardError() throws {
        let result = try strata(["blocks", "foo"], environment: ["STRATA_DATA_DIR": try Sandbox().data.path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("unknown command 'blocks foo'") && result.stderr.contains("blocks list"), "\(result.stderr)")
    }

    @Test func noArgumentsWithoutTerminalPrintsStatusAndHelp() throws {
        let sandbox = try Sandbox.withHealthy()
        let result = try sandbox.strata([])
        #expect(result.status == 0)
        #expect(result.stdout.contains("healthy") && result.stdout.contains("enabled"))
        #expect(result.stdout.contains("Usage: strata"))
    }

    /// `strata help WORDS` answers as `strata WORDS --help`, for a host command and for a plugin's.
    @Test func helpBeforeACommandShowsItsHelp() throws {
        let sandbox = try Sandbox.withHealthy()
        for words in [["plugins", "audit"], ["healthy", "ping"], ["plugins"]] {
            let help = try sandbox.strata(["help"] + words)
            let asked = try sandbox.strata(words + ["--help"])
            #expect(help.status == 0 && help.stdout == asked.stdout && !help.stdout.isEmpty, "strata help \(words.joined(separator: " ")): \(help.stderr)")
        }
    }

    @Test func commandHelpShowsItsUsage() throws {
        let sandbox = try Sandbox.withHealthy()
        let result = try sandbox.strata(["healthy", "ping", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: strata healthy ping"))
    }

    @Test func hostCommandsRefuseUnknownOptionsAndExtraWords() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        let option = try sandbox.strata(["plugins", "list", "--bogus"])
        #expect(option.status == 2)
        #expect(option.stderr.contains("unknown option --bogus") && option.stderr.contains("Usage: strata plugins list [--json]"))
        let word = try sandbox.strata(["di", "list", "extra"])
        #expect(word.status == 2 && word.stderr.contains("unexpected argument 'extra'"))
        let subcommand = try sandbox.strata(["plugins", "frobnicate"])
        #expect(subcommand.status == 2 && subcommand.stderr.contains("unknown command 'strata plugins frobnicate'"))
    }

    @Test func hostCommandsAnswerHelpAndGroupsListTheirCommands() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        let help = try sandbox.strata(["plugins", "list", "--help"])
        #expect(help.status == 0 && help.stdout.contains("Usage: strata plugins list [--json]"))
        let group = try sandbox.strata(["plugins"])
        #expect(group.status == 0)
        for usage in ["strata plugins list", "strata plugins check", "strata plugins new NAME"] {
            #expect(group.stdout.contains(usage))
        }
    }

    @Test func configCheckJSONIsOnlyJSON() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        let result = try sandbox.strata(["config", "check", "--json"])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["source"] as? String == sandbox.config.path)
        #expect(result.stderr.contains("config OK"))
    }
}

