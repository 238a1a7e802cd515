import FoundationEssentials
import Glibc
import StrataBase
import StrataDI
import StrataHostKit
import StrataHosting
import StrataNetworking
import StrataPluginKit
import Synchronization

/// Where plugin code runs, as `features.<id>.isolation` says, or by default (``StrataConfig/isolation(for:at:)``).
extension HostRunner {
    /// How plugin `id` runs, its library being the one the catalog found.
    func isolation(for id: String) -> IsolationSettings { context.config.isolation(for: id, at: catalog.plugins.entry(id)?.path) }
}

/// A process-isolated plugin's command as the runner sees it: its path, run in a fresh helper (one per plugin
/// per run) that ends with it. Whatever the helper does, strata goes on: a helper that dies is told in one
/// line, and what the helper writes is sanitized again here (its code may not have used the SDK to write it).
struct HelperCommand: Sendable {
    let pluginID: String
    let isolation: IsolationSettings
    let capabilities: PluginDescriptor.Capabilities
    /// The plugins whose Swift types it uses (its descriptor's `dependencies`), which don't cross to a helper.
    var dependencies: [String] = []
    /// Its commands as its descriptor declares them: the files their command lines name cross to the helper.
    var declared: [PluginDescriptor.Command] = []
    /// What its descriptor declares, before the config narrowed it (``capabilities``), for refusals.
    var declaredCapabilities = PluginDescriptor.Capabilities()
    /// How its helper starts (`nil`: the catalog has no descriptor for it).
    let launch: HelperLaunch?
    /// The hosts of the URL settings the user wrote for it, which its helper may reach too.
    var chosenHosts: [ChosenHost] = []
    /// strata's environment, where the values of the variables it declared are the keys strata keeps from
    /// the hosts the user chose.
    let environment: [String: String]
    let configSource: String
    let container: Container
    /// Why strata won't start its helper until the user approves what it reaches (``PluginApproval``), one line.
    var approvalRefusal: String?
    /// Restarts helpers that died, with backoff and a cap.
    var supervisor = HelperSupervisor.shared

    /// The command of `path` run in the helper of plugin `pluginID`.
    func command(_ path: [String]) -> PluginCommand {
        PluginCommand(path: path) { arguments, invocation in
            // The helper gets what strata routed and parsed, and parses nothing again (#46).
            let routed = HelperRequest.Routed(pathCount: path.count, arguments: arguments)
            let code = await run(path + invocation.arguments, routed: routed, invocation: invocation)
            if code != 0 { throw CommandError.exit(code) }
        }
    }

    /// Starts a fresh helper of the plugin (commands and screens each start their own), which sandboxes itself
    /// and opens the plugin, unless strata refuses to (``refusal``). `takingSpare`: the app's helper started
    /// ahead for the plugin (``HelperSpare``) is opened, if one is held.
    func start(takingSpare: Bool = false) throws(HelperFailure) -> PluginHelper {
        if let refusal { throw refusal }
        guard let launch else { throw HelperFailure(pluginID: pluginID, reason: "can't start it: feature '\(pluginID)' is not installed") }
        if takingSpare, let spare = HelperSpare.shared.take(startingLike: launch) {
            do {
                return try spare.open()
            } catch  where !error.refused && !error.timedOut {
                // It died while it waited (killed, say), or as it opened the plugin, which a fresh start then tells.
            }
        }
        return try PluginHelper.start(launch)
    }

    /// Why strata won't start the plugin's helper: the user hasn't approved what it reaches, the plugin uses
    /// another's Swift types, or the kernel lacks the sandbox; `nil` when it will.
    var refusal: HelperFailure? {
        let id = pluginID
        if let approvalRefusal { return HelperFailure(pluginID: id, reason: approvalRefusal, refused: true) }
        if let dependency = dependencies.first {
            let refusal = IsolationBoundary.refusal(dependent: id, dependency: dependency, isolated: id, isolation: isolation, source: configSource)
            return HelperFailure(pluginID: id, reason: refusal, refused: true)
        }
        if isolation.mode == .process, let missing = KernelSandbox.missingSupport {
            return HelperFailure(
                pluginID: id,
                reason: "feature '\(id)' runs in a sandboxed helper (\(isolation.origin(of: id, in: configSource))), but \(missing), so strata won't run it. "
                    + "Set \"isolation\": \"process-unsandboxed\" (a helper without the kernel sandbox) or \"none\" under features.\(id) in \(configSource).",
                refused: true)
        }
        return nil
    }

    /// Runs the command line `words` (routed and parsed by strata as `routed` says) in a fresh helper; answers
    /// its exit code.
    func run(_ words: [String], routed: HelperRequest.Routed, invocation: CommandInvocation) async -> Int32 {
        let id = pluginID
        if let approvalRefusal {
            invocation.writeError("strata: \(approvalRefusal)")
            return 1
        }
        if let refusal = await supervisor.admit(id) {
            invocation.writeError("strata: \(refusal)")
            return 1
        }
        let files: HelperFiles
        switch openFiles(words) {
        case .success(let opened): files = opened
        case .failure(let refusal):
            invocation.writeError("strata: \(refusal)")
            return 1
        }
        defer { files.close() }
        let helper: PluginHelper
        do {
            helper = try start()
        } catch {
            if !error.refused { supervisor.died(id, reason: error.reason) }
            invocation.writeError("strata: \(error.description)")
            return 1
        }
        switch await helper.run(
            words, routed: routed, files: files, sockets: { sockets(words) }, isTerminal: invocation.isTerminal, output: { Self.relay($0, to: invocation) },
            error: { invocation.writeError($0) }, network: network)
        {
        case .success(let code):
            helper.stop()
            return code
        case .failure(let problem):
            supervisor.died(id, reason: problem.reason)
            invocation.writeError("strata: \(problem.description)")
            return 1
        }
    }

    /// The files the command line `words` names, opened by strata for the helper, which may read no file outside
    /// its folders but those (``HelperFiles``); folders it can't reach are refused, with what to do instead.
    func openFiles(_ words: [String]) -> Result<HelperFiles, HelperFileRefusal> {
        guard let launch, let command = declared.command(of: words) else {
            return .success(HelperFiles())
        }
        return HelperFiles.open(
            words, command: command, reachable: isolation.mode == .process ? launch.writable : nil, dataFolder: launch.dataFolder.path,
            advice: advice, audit: launch.audit)
    }

    /// The sockets strata opens for the command line `words`: for the addresses typed where the command
    /// declares one (``HelperSocketGrants``).
    func sockets(_ words: [String]) -> HelperSocketGrants {
        HelperSocketGrants(words, command: declared.command(of: words), pluginID: pluginID, advice: "To let it, " + advice, audit: launch?.audit)
    }

    /// What to do when strata won't hand the helper something: run the plugin in process.
    private var advice: String {
        "set \"isolation\": \"none\" under features.\(pluginID) in \(configSource) to run it inside strata."
    }

    /// What answers the helper's HTTP requests: strata's own client, to the hosts the plugin declared and
    /// those the user chose for it; its keys to the declared ones only.
    var network: HelperNetwork {
        let container = container
        return HelperNetwork(
            pluginID: pluginID, capabilities: capabilities, chosen: chosenHosts,
            secrets: capabilities.environment.compactMap { environment[$0] }, declared: declaredCapabilities, configSource: configSource,
            audit: launch?.audit
        ) { try? container.resolve((any HTTPClient).self, requester: .host) }
    }

    /// Writes a helper's output frame through `invocation`, sanitized: a status line or a bell as the SDK
    /// wrote it stays one (``CommandInvocation/updateStatusLine(_:)``), anything else is plain text.
    static func relay(_ text: String, to invocation: CommandInvocation) {
        let erase = "\u{1B}[K"
        if text == "\u{07}" {
            invocation.bell()
        } else if text.hasPrefix("\r"), text.hasSuffix(erase) {
            invocation.updateStatusLine(String(text.dropFirst().dropLast(erase.count)))
        } else {
            invocation.write(text)
        }
    }
}

extension HostRunner {
    /// The hook process isolation has in the command path: a plugin set to run in a helper is "activated" as
    /// a helper command instead of being opened in strata (`nil` for a plugin that runs in process).
    func helperCommand(for id: String) -> HelperCommand? {
        let config = context.config
        let isolation = isolation(for: id)
        // A plugin strata can't use (untrusted, crashed, failed) is reported as in process, with its reason.
        // The loader registers the host's services, the HTTP client among them; it opens no plugin here.
        guard isolation.mode != .none, loader.records.first(where: { $0.id == id })?.state == .enabled else { return nil }
        let descriptor = catalog.plugins.entry(id)?.descriptor
        var command = HelperCommand(
            pluginID: id, isolation: isolation, capabilities: isolation.capabilities(declared: descriptor?.capabilities ?? .init()).capabilities,
            launch: helperLaunch(for: id), environment: context.environment, configSource: config.source, container: container)
        command.dependencies = descriptor?.dependencies.keys.sorted() ?? []
        command.declared = descriptor?.commands ?? []
        command.declaredCapabilities = descriptor?.capabilities ?? .init()
        command.chosenHosts = descriptor.map { ChosenHost.chosen(by: config.features[id]?.settings, for: $0) } ?? []
        command.approvalRefusal = catalog.approval(of: id)?.refusal(id, configSource: config.source)
        return command
    }
}

extension [PluginDescriptor.Command] {
    /// The command that the longest prefix of the command line `words` selects, of these.
    func command(of words: [String]) -> PluginDescriptor.Command? {
        filter { words.starts(with: $0.words) }.max { $0.words.count < $1.words.count }
    }
}
