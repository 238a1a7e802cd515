import FoundationEssentials
import Glibc
import StrataBase
import StrataDI
import StrataHostKit
import StrataHosting
import StrataPluginKit
import StrataRuntime

/// The last stage: activates plugins (their code is loaded and registered, with the host's services in a
/// shared container) and runs a routed plugin command through the ``PluginCommandRunner`` that
/// `PluginTestHost` uses too.
final class HostRunner {
    private(set) var context: HostContext
    private(set) var catalog: HostCatalog
    let container = Container()
    private var activeLoader: PluginLoader?

    /// The run's catalog and container, never freed: the process exits when the command is done, and freeing
    /// every plugin's record one by one first was 3 % of a 500-plugin listing's instructions (clang's
    /// -disable-free skips freeing its ASTs for the same reason); freeing the container made the runtime
    /// check its table's key type, by scanning every conformance record of every library loaded (0.24 M
    /// instructions). Only data: nothing here has a deinit that must run.
    @MainActor static var keptUntilExit: (catalog: HostCatalog, container: Container)?

    init(_ catalog: HostCatalog) {
        self.catalog = catalog
        context = catalog.context
    }

    /// Readies the `strata` process for plugin code: from now on a fatal signal always ends it (and only a
    /// fault of its own blames a plugin), each activation has a deadline (except in a probe, whose parent
    /// keeps the time), and the config's secrets are masked in everything written.
    static func prepareProcess(for catalog: HostCatalog) {
        let context = catalog.context
        CrashHandler.install()
        if context.options.words.first != "__probe" {
            LoadWatchdog.enable(supervised: context.environment[Supervisor.supervisedVariable] != nil)
        }
        maskSecrets(of: catalog)
        context.logger.debug(
            "config: \(context.config.source); plugin folders: \(context.pluginDirectories.joined(separator: ", ")); "
                + "data: \(context.dataDirectory.path)")
    }

    /// The loader, made (with the host's services registered) the first time it is needed.
    var loader: PluginLoader {
        if let activeLoader { return activeLoader }
        let logger = context.logger
        do {
            try HostServices(http: { try loadHTTPClient() }, clock: SystemWallClock(), logger: { logger.labelled($0) })
                .register(in: container)
        } catch {
            logger.error("can't register host services: \(error)")
        }
        let loader = PluginLoader(
            records: catalog.records, config: context.config, container: container,
            dataDirectory: context.dataDirectory, crashes: context.crashes, pins: catalog.pins, logger: logger)
        activeLoader = loader
        return loader
    }

    /// Goes on with `catalog`, read again because the app's config or plugin folders changed: what runs
    /// from now on (a plugin activated, a helper started) is judged and found as a fresh start would, except
    /// for the plugins whose code is already in this process (``PluginLoader/adopt(_:config:pins:dataDirectory:)``).
    func adopt(_ catalog: HostCatalog) {
        self.catalog = catalog
        context = catalog.context
        activeLoader?.adopt(catalog.records, config: context.config, pins: catalog.pins, dataDirectory: context.dataDirectory)
        Self.maskSecrets(of: catalog)
    }

    /// Masks the config's secrets (and keys from the environment) in everything written from now on.
    private static func maskSecrets(of catalog: HostCatalog) {
        let context = catalog.context
        HostSecrets.add(Secrets.values(in: context.config, declared: catalog.declaredSecrets, environment: context.environment))
    }

    /// The records of the plugins whose library this process has opened (``PluginLoader/opened``).
    var openedRecords: [PluginRecord] {
        guard let activeLoader else { return [] }
        return activeLoader.records.filter { activeLoader.opened.contains($0.id) }
    }

    /// Each plugin's record: as activated so far, or as the catalog and the config say (no code loaded).
    var records: [PluginRecord] { activeLoader?.records ?? catalog.records }

    /// Activates the plugins `ids` (every usable one when `nil`) with their dependencies: their code is
    /// loaded and registered now.
    @discardableResult
    func activate(_ ids: Set<String>? = nil) -> PluginLoader {
        let loader = self.loader
        loader.activate(ids)
        for record in loader.records where record.state == .failed && ids.map({ $0.contains(record.id) }) ?? true {
            context.logger.info("plugin \(record.id) failed: \(record.error ?? "")")
        }
        return loader
    }

    /// Activates plugin `id` and answers its record once it is loaded, or why it isn't (its error, else
    /// `fallback`).
    func loaded(_ id: String, fallback: String) -> Result<PluginRecord, PluginActivationFailure> {
        let record = activate([id]).records.first { $0.id == id }
        guard let record, record.state == .loaded else {
            // A setting the config got wrong is a config error, exit 2 as the README's exit codes say.
            return .failure(PluginActivationFailure(reason: record?.error ?? fallback, exitCode: record?.hasBadSettings == true ? 2 : 1))
        }
        return .success(record)
    }

    /// Runs a routed plugin command; what it writes goes out as it is (the invocation sanitizes it, and a
    /// status line may carry its own controls). Ctrl-C cancels it, and a crash while it runs is blamed on
    /// its plugin.
    /// On a terminal whose locale isn't UTF-8, the symbols are written as ASCII stand-ins (a map's braille,
    /// a profile's blocks, `·`); piped output keeps its bytes.
    func run(_ request: PluginCommandRequest) async -> Int32 {
        let ascii = Console.isTerminalOutput && !ASCIIStandIns.localeIsUTF8(context.environment)
        let shown: @Sendable (String) -> String = { ascii ? ASCIIStandIns.replacing($0) : $0 }
        return await run(
            request,
            invocation: CommandInvocation(
                arguments: request.arguments, environment: context.environment,
                isTerminal: Console.isTerminalOutput, output: { Console.writeOutput(shown($0)) },
                error: { writeAll(shown($0), to: STDERR_FILENO) }))
    }

    /// Says at `-v` where plugin `id`'s command runs, and why (`notes runs in a sandboxed helper process: the
    /// default for a plugin that doesn't ship with strata; …`).
    private func logWhereItRuns(_ id: String, _ isolation: IsolationSettings) {
        let place =
            switch isolation.mode {
            case .none: "inside strata"
            case .process: "in a sandboxed helper process"
            case .processUnsandboxed: "in a helper process without the kernel sandbox"
            }
        context.logger.debug("\(id) runs \(place): \(isolation.origin(of: id, in: context.config.source))")
    }

    /// Runs a routed plugin command, writing through `invocation`.
    func run(_ request: PluginCommandRequest, invocation: CommandInvocation) async -> Int32 {
        var armed: PluginRecord?
        let runner = PluginCommandRunner(
            activate: { [self] id in
                // A plugin set to run in a helper process is never opened here: its command runs in the helper.
                if let helper = helperCommand(for: id) {
                    logWhereItRuns(id, helper.isolation)
                    return .success([helper.command(request.declared.words)])
                }
                return loaded(id, fallback: "it did not contribute the command").map { record in
                    logWhereItRuns(id, isolation(for: id))
                    armed = record
                    return loader.routes.filter { $0.pluginID == id }.map(\.command)
                }
            },
            guarding: { [crashes = context.crashes] id, run in
                if let armed { CrashJournal.arm(id, path: armed.path, in: crashes) }
                let code = await CommandInterruption.run(run)
                CrashJournal.disarm()
                return code
            })
        return await runner.run(request, invocation: invocation)
    }
}
