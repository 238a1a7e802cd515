import Foundation
import Testing

/// The command line as a user meets it: help, version, exit codes.
@Suite struct CLITests {
    @Test func helpListsHostAndFeatureCommands() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        let result = try sandbox.strata(["--help"])
        #expect(result.status == 0)
        for expected in ["plugins list [--json]", "plugins check", "config check", "di list", "healthy ping"] {
            #expect(result.stdout.contains(expected), "help lacks \(expected)")
        }
    }

    @Test func versionShowsTheABIStamp() throws {
        let result = try strata(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("strata-abi=1;swift="))
    }

    @Test func unknownCommandIsAUsageError() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        let result = try sandbox.strata(["frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown command 'frobnicate'"))
    }

    @Test func noArgumentsWithoutTerminalPrintsStatusAndHelp() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        let result = try sandbox.strata([])
        #expect(result.status == 0)
        #expect(result.stdout.contains("healthy") && result.stdout.contains("loaded"))
        #expect(result.stdout.contains("Usage: strata"))
    }

    @Test func commandHelpShowsItsUsage() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        let result = try sandbox.strata(["healthy", "ping", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: strata healthy ping"))
    }
}
