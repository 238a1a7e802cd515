import FoundationEssentials
import Glibc
import StrataBase
import StrataDI
import StrataHostKit
import StrataHosting
import StrataNetworking
import StrataPluginKit
import Synchronization

/// Where plugin code runs, as `features.<id>.isolation` says.
extension StrataConfig {
    /// Whether plugin `id`'s code runs in a helper process (`"process"` or `"process-unsandboxed"`).
    func runsInHelper(_ id: String) -> Bool { isolation(for: id).mode != .none }
}

/// A process-isolated plugin's command as the runner sees it: its path, run in a fresh helper (one per plugin
/// per run) that ends with it. Whatever the helper does, strata goes on: a helper that dies is told in one
/// line, and what the helper writes is sanitized again here (its code may not have used the SDK to write it).
struct HelperCommand: Sendable {
    let pluginID: String
    let isolation: IsolationSettings
    let capabilities: PluginDescriptor.Capabilities
    /// strata's global options to pass on, and its environment (the helper gets only what it may see).
    let arguments: [String]
    let environment: [String: String]
    let configSource: String
    let container: Container

    /// The command of `path` run in the helper of plugin `pluginID`.
    func command(_ path: [String]) -> PluginCommand {
        PluginCommand(path: path) { _, invocation in
            let code = await run(path + invocation.arguments, invocation: invocation)
            if code != 0 { throw CommandError.exit(code) }
        }
    }

    /// Runs the command line `words` in a fresh helper; answers its exit code.
    func run(_ words: [String], invocation: CommandInvocation) async -> Int32 {
        let helper: PluginHelper
        switch startHelper() {
        case .success(let started): helper = started
        case .failure(let problem):
            invocation.writeError("strata: \(problem.description)")
            return 1
        }
        switch await helper.run(
            words, isTerminal: invocation.isTerminal, output: { Self.relay($0, to: invocation) },
            error: { invocation.writeError($0) }, fetch: fetcher)
        {
        case .success(let code):
            helper.stop()
            return code
        case .failure(let problem):
            invocation.writeError("strata: \(problem.description)")
            return 1
        }
    }

    /// A fresh helper of the plugin (commands and screens each start their own), or why there is none.
    func startHelper() -> Result<PluginHelper, HelperStartFailure> {
        let id = pluginID
        if isolation.mode == .process, let missing = KernelSandbox.missingSupport {
            return .failure(
                HelperStartFailure(
                    description: "feature '\(id)' is set to \"isolation\": \"process\", but \(missing), so strata won't run it. "
                        + "Set \"isolation\": \"process-unsandboxed\" (a helper without the kernel sandbox) or \"none\" under features.\(id) in \(configSource)."))
        }
        do {
            return .success(
                try PluginHelper.start(
                    pluginID: id, arguments: arguments, environment: environment, variables: capabilities.environment, limits: isolation.limits))
        } catch {
            return .failure(HelperStartFailure(description: error.description))
        }
    }

    /// What answers the helper's HTTP requests: strata's own client, to the hosts the plugin declared only.
    var fetcher: @Sendable (HelperFetch) async -> HelperFetch.Answer {
        let (container, capabilities, id) = (self.container, self.capabilities, pluginID)
        return { request in
            guard let client = try? container.resolve((any HTTPClient).self, requester: .host) else {
                return HelperFetch.Answer(id: request.id, failure: "strata's HTTP client can't be loaded")
            }
            return await request.answer(through: client, capabilities: capabilities, pluginID: id)
        }
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

/// Why a helper could not start, as the line strata prints after `strata: `.
struct HelperStartFailure: Error, CustomStringConvertible {
    let description: String
}

extension HostRunner {
    /// The hook process isolation has in the command path: a plugin set to run in a helper is "activated" as
    /// a helper command instead of being opened in strata (`nil` for a plugin that runs in process).
    func helperCommand(for id: String) -> HelperCommand? {
        let config = context.config
        guard config.runsInHelper(id) else { return nil }
        _ = loader  // registers the host's services, the HTTP client among them; opens no plugin
        let isolation = config.isolation(for: id)
        let declared = catalog.plugins.entry(id)?.descriptor?.capabilities ?? .init()
        return HelperCommand(
            pluginID: id, isolation: isolation, capabilities: isolation.capabilities(declared: declared).capabilities,
            arguments: context.options.forwarded, environment: context.environment, configSource: config.source, container: container)
    }
}
