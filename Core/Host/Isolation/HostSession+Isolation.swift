import FoundationEssentials
import Glibc
import StrataBase
@_spi(StrataHost) import StrataDI
import StrataNetworking
import StrataPluginKit
import Synchronization

/// The one hook process isolation has in the command path: a plugin set to `"isolation": "process"` (or
/// `"process-unsandboxed"`) runs its command in a helper instead of in strata.
extension HostSession {
    /// Whether plugin `id`'s code runs in a helper process.
    func runsInHelper(_ id: String) -> Bool { config.isolation(for: id).mode != .none }

    /// Why plugin `id`'s screens can't open (they don't cross to a helper yet), or `nil` when they can.
    func screenRefusal(_ id: String) -> String? {
        let mode = config.isolation(for: id).mode
        guard mode != .none else { return nil }
        return "its screens don't run in a helper process yet (\"isolation\": \"\(mode.rawValue)\" under features.\(id) in "
            + "\(config.source)); its commands do (`strata \(id) --help`). To open its screens, set \"isolation\": \"none\"."
    }

    /// Runs the command line `words` of plugin `id` in a fresh helper (one per plugin per run), which ends
    /// with it. Whatever the helper does, strata goes on: a helper that dies is told in one line.
    func runInHelper(_ id: String, words: [String]) async -> Int32 {
        let isolation = config.isolation(for: id)
        if isolation.mode == .process, let missing = KernelSandbox.missingSupport {
            Console.error(
                "feature '\(id)' is set to \"isolation\": \"process\", but \(missing), so strata won't run it. "
                    + "Set \"isolation\": \"process-unsandboxed\" (a helper without the kernel sandbox) or \"none\" under features.\(id) in \(config.source).")
            return 1
        }
        let declared = catalog.entry(id)?.descriptor?.capabilities ?? .init()
        let (arguments, environment) = (options.forwarded, environment)
        let variables = isolation.capabilities(declared: declared).capabilities.environment, limits = isolation.limits
        let started = Result { () throws(HelperFailure) in
            try PluginHelper.start(pluginID: id, arguments: arguments, environment: environment, variables: variables, limits: limits)
        }
        let helper: PluginHelper
        switch started {
        case .success(let started): helper = started
        case .failure(let failure):
            Console.error(failure.description)
            return 1
        }
        // strata's own client sends the helper's requests, to the hosts the plugin declared only.
        let container = self.container, capabilities = isolation.capabilities(declared: declared).capabilities
        _ = loader  // registers the host's services, the HTTP client among them; opens no plugin
        let fetch: @Sendable (HelperFetch) async -> HelperFetch.Answer = { request in
            guard let client = try? container.resolve((any HTTPClient).self, requester: .host) else {
                return HelperFetch.Answer(id: request.id, failure: "strata's HTTP client can't be loaded")
            }
            return await request.answer(through: client, capabilities: capabilities, pluginID: id)
        }
        let failure = Mutex<HelperFailure?>(nil)
        let code = await CommandInterruption.run {
            switch await helper.run(
                words, isTerminal: Console.isTerminalOutput, output: { writeAll($0, to: STDOUT_FILENO) },
                error: { writeAll($0, to: STDERR_FILENO) }, fetch: fetch)
            {
            case .success(let code): return code
            case .failure(let problem):
                failure.withLock { $0 = problem }
                return 1
            }
        }
        if let problem = failure.withLock({ $0 }) {
            Console.error(problem.description)
        } else {
            helper.stop()
        }
        return code
    }
}
