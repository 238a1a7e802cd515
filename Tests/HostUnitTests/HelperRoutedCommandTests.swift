import Foundation
import StrataPluginKit
import Synchronization
import Testing

@testable import StrataHost

/// A helper of wire version 9 runs the command strata routed and parsed (issue #46): it finds the command by
/// its exact path and runs it on strata's arguments, reading none of the words again.
@Suite struct HelperRoutedCommandTests {
    /// This build's helper of the Healthy fixture, started as strata starts it, with the output of one command
    /// it ran on `words`, as strata routed them in `routed`.
    static func run(_ words: [String], routed: HelperRequest.Routed) async throws -> (code: Int32, output: String) {
        let sandbox = try HostPipelineSandbox(config: #"{"pluginDirectories": ["plugins"], "features": {"healthy": {"isolation": "process"}}}"#)
        var launch = try #require(HostRunner(HostCatalog(try sandbox.context())).helperLaunch(for: "healthy"))
        launch.executable = executableDirectory() + "/strata"
        let helper = try PluginHelper.start(launch)
        defer { helper.stop() }
        let output = Mutex("")
        let network = HelperNetwork(pluginID: "healthy", capabilities: .init(network: [])) { nil }
        let code = await helper.run(
            words, routed: routed, isTerminal: false, output: { text in output.withLock { $0 += text } },
            error: { text in output.withLock { $0 += text } }, network: network)
        return (try code.get(), output.withLock { $0 })
    }

    /// `healthy ping` takes no argument: a helper that parsed the words again would refuse `--loud` (exit 2,
    /// "unknown option"); this one runs strata's parse, which has none, and answers pong.
    @Test func theHelperRunsStrataParseAndReadsNoWordAgain() async throws {
        let routed = HelperRequest.Routed(pathCount: 2, arguments: CommandArguments(positionals: [], options: [:], flags: []))
        let result = try await Self.run(["healthy", "ping", "--loud"], routed: routed)
        #expect(result.code == 0 && result.output == "pong (hello from healthy)\n", "\(result.output)")
    }

    /// A command line without its route, as a strata of version 8 sends it, is refused by a helper that agreed
    /// on version 9 (exit 2, saying so): it has no parse of its own to fall back on.
    @Test func aCommandLineWithoutItsRouteIsRefusedInVersion9() throws {
        let sandbox = try HostPipelineSandbox(config: #"{"pluginDirectories": ["plugins"], "features": {"healthy": {"isolation": "process"}}}"#)
        var launch = try #require(HostRunner(HostCatalog(try sandbox.context())).helperLaunch(for: "healthy"))
        launch.executable = executableDirectory() + "/strata"
        let helper = try PluginHelper.start(launch)
        defer { helper.stop() }
        helper.allowCPU()
        #expect(helper.channel.send(HostToHelperMessage.run(HelperRequest(words: ["healthy", "ping"], isTerminal: false))))
        var frames: [HelperWire.Frame] = []
        repeat { frames.append(try helper.channel.receive(until: .now + .seconds(10))) } while frames.last?.kind != .exit && frames.count < 10
        #expect(frames.map(\.kind) == [.error, .exit] && frames.last?.number == 2, "\(frames)")
        #expect(frames.first?.text.contains("without the command it routed it to") == true, "\(frames.first?.text ?? "")")
    }

    /// The path strata sent is looked up as it is, never as a prefix of the words: `healthy` is no command of
    /// the plugin (`healthy ping` is), so the helper refuses it, exit 2, naming it.
    @Test func aPathThePluginDoesNotDeclareIsRefused() async throws {
        let routed = HelperRequest.Routed(pathCount: 1, arguments: CommandArguments(positionals: ["ping"], options: [:], flags: []))
        let result = try await Self.run(["healthy", "ping"], routed: routed)
        #expect(result.code == 2 && result.output == "healthy: no command 'healthy' in its helper\n", "\(result.output)")
    }
}
