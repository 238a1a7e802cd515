import Foundation
import StrataHosting
import StrataPluginKit
import Synchronization
import Testing
@testable import StrataHost

/// What a command wrote, collected from any thread.
final class CommandTranscript: Sendable {
    private let output = Mutex(""), error = Mutex("")
    var standardOutput: String { output.withLock { $0 } }
    var standardError: String { error.withLock { $0 } }

    var invocation: CommandInvocation {
        CommandInvocation(arguments: [], output: { text in self.output.withLock { $0 += text } },
                          error: { text in self.error.withLock { $0 += text } })
    }
}

/// The runner `strata` and `PluginTestHost` share: parse with the declaration, activate, run, report.
@Suite struct PluginCommandRunnerTests {
    static let declared = PluginDescriptor.Command(words: ["notes", "add"], summary: "add a note",
                                                   spec: CommandSpec(arguments: [.init("TEXT", help: "the note")]))
    let request = PluginCommandRequest(pluginID: "notes", declared: Self.declared, arguments: ["buy milk"])
    let note = PluginCommand(path: ["notes", "add"]) { arguments, invocation in invocation.writeLine("added \(arguments.positionals[0])") }

    @Test func badInputIsAnsweredBeforeThePluginIsActivated() async {
        let transcript = CommandTranscript()
        let activated = Mutex(false)
        let runner = PluginCommandRunner { _ in
            activated.withLock { $0 = true }
            return .success([])
        }
        let bad = PluginCommandRequest(pluginID: "notes", declared: Self.declared, arguments: [])
        #expect(await runner.run(bad, invocation: transcript.invocation) == 2)
        #expect(!activated.withLock { $0 })
        #expect(transcript.standardError.hasSuffix("Usage: strata notes add TEXT\n"))
    }

    @Test func theContributedCommandRunsWithTheParsedArguments() async {
        let transcript = CommandTranscript()
        let commands = [note]
        #expect(await PluginCommandRunner { _ in .success(commands) }.run(request, invocation: transcript.invocation) == 0)
        #expect(transcript.standardOutput == "added buy milk\n" && transcript.standardError.isEmpty)
    }

    @Test func aPluginThatFailsOrLacksTheCommandIsReportedWithExit1() async {
        let failed = CommandTranscript(), lacking = CommandTranscript()
        let broken = PluginCommandRunner { _ in .failure(PluginActivationFailure(reason: "its registration threw")) }
        #expect(await broken.run(request, invocation: failed.invocation) == 1)
        #expect(failed.standardError == "strata: feature 'notes' failed to load: its registration threw\n")
        #expect(await PluginCommandRunner { _ in .success([]) }.run(request, invocation: lacking.invocation) == 1)
        #expect(lacking.standardError == "strata: feature 'notes' failed to load: it did not contribute the command\n")
    }
}

/// The host's runner over a real plugin library (the Healthy fixture), loaded with `dlopen`.
@Suite struct HostRunnerTests {
    @Test func aPluginCommandLoadsItsPluginAndRunsWhatItContributed() async throws {
        let sandbox = try HostPipelineSandbox()
        let runner = HostRunner(HostCatalog(try sandbox.context()))
        let declared = try #require(runner.catalog.plugins.entry("healthy")?.descriptor?.command(for: ["healthy", "ping"]))
        let transcript = CommandTranscript()
        let bad = PluginCommandRequest(pluginID: "healthy", declared: declared, arguments: ["--loud"])
        #expect(await runner.run(bad, invocation: transcript.invocation) == 2)
        #expect(runner.records.map(\.state) == [.enabled], "bad input loaded no code")
        let ping = PluginCommandRequest(pluginID: "healthy", declared: declared, arguments: [])
        #expect(await runner.run(ping, invocation: transcript.invocation) == 0)
        #expect(transcript.standardOutput == "pong (hello from healthy)\n")
        #expect(runner.records.map(\.state) == [.loaded])
        #expect(runner.container.registrations.contains { $0.owner.name == "host" && $0.type.contains("WallClock") },
                "the host's services are registered for the plugin")
    }
}
