import CSandbox
import FoundationEssentials
import Glibc
import StrataBase
import StrataHostKit
import StrataPluginKit
import Synchronization

/// Everything a plugin's helper starts with, prepared in strata, which has the config, the catalog entry and
/// the isolation settings: the helper is one process image, `strata --config <visible config> __helper-sandboxed
/// ID PARENT`, sandboxed before its first instruction (Landlock and seccomp bind a thread and the threads it
/// starts later, so they are applied in the child, before it executes strata: ``HelperSpawn``).
struct HelperLaunch: Sendable {
    let pluginID: String
    let mode: IsolationSettings.Mode
    let limits: IsolationSettings.Limits
    var executable: String
    /// The helper's arguments after its program name, and its whole environment.
    let arguments: [String]
    let environment: [String: String]
    let dataFolder: URL
    /// The config the helper reads (``HelperServer/visibleConfig``), and the file it is written to: one per
    /// helper start, in a folder of this strata process's in strata's own state folder, which the helper can
    /// read but not write (strata never writes, makes or removes anything in a folder the helper can write),
    /// removed once the helper has read it (``PluginHelper/start(_:)``).
    var config: Data
    let configFile: URL
    /// What it may read beyond the system's paths and strata's libraries, and what it may also write.
    let readable: [String]
    let writable: [String]
    /// Folders of other plugins' libraries, which stay out of its reach even when strata has them mapped.
    let otherPluginFolders: Set<String>
    /// The plugin's library, and the crash journal's folder, where a helper that doesn't finish loading in
    /// time is recorded (``recordTimeout()``).
    let library: String
    let crashes: URL
    /// Where `features.<id>.isolation` comes from, and the config's path, for the refusal's sentence.
    let origin: String
    let configSource: String
    /// Where its line goes when it ends (``HelperAccounting``); `nil`: nowhere.
    var accounting: HelperAccounting?
    /// The variables it declared that it is given (strata's environment has them), and where what crosses is
    /// recorded (``PluginAuditLog``).
    var givenVariables: [String] = []
    var audit: PluginAuditLog?
    /// What strata resolved for the plugin, which a helper of wire version 8 starts from instead of reading
    /// `config` and searching the plugin's folder (``HelperPluginRecord``); `nil`: it reads them.
    var record: HelperPluginRecord?

    /// Whether a helper started as `other` says is one this launch would start: the same plugin record (its
    /// libraries as strata judged them), config, environment, reach and arguments, but its config file's name.
    func startsLike(_ other: HelperLaunch) -> Bool {
        record == other.record && config == other.config && environment == other.environment && readable == other.readable
            && writable == other.writable && mode == other.mode && arguments.dropFirst(2).elementsEqual(other.arguments.dropFirst(2))
    }

    /// Makes the data folder and the visible config, and the Landlock ruleset when the helper is sandboxed.
    /// - Returns: the ruleset's descriptor (the caller closes it), or -1 for `process-unsandboxed`.
    func prepare() throws(HelperFailure) -> Int32 {
        do {
            // Made as strata makes it for a plugin in process, and explained the same way when it can't be.
            try PrivateFolder.prepare(dataFolder)
            try PrivateFolder.preparePerProcess(configFile.deletingLastPathComponent())
            // Read once, within the handshake, and removed then: a reader sees it whole (the rename), and it
            // needn't survive the machine (no `fsync`, which Foundation's atomic write does: 2-7 ms on a busy disk).
            try StagedFile.write(Array(config), over: configFile.path, mode: 0o600, durable: false)
        } catch {
            throw HelperFailure(
                pluginID: pluginID,
                reason: "can't use its data folder: \(errorText(error)). Choose another with --data-dir or STRATA_DATA_DIR")
        }
        if let problem = DataFolderQuota.problem(dataFolder.path, megabytes: limits.diskMegabytes) {
            throw HelperFailure(pluginID: pluginID, reason: "plugin \(pluginID) can't start: \(problem).", refused: true)
        }
        guard mode != .processUnsandboxed else { return -1 }
        let ownFolder = URL(fileURLWithPath: executable).deletingLastPathComponent().path
        let libraries = KernelSandbox.mappedFolders().filter { $0 == ownFolder || !otherPluginFolders.contains($0) }
        do {
            let readable = KernelSandbox.systemReadable + libraries + readable + [configFile.path]
            return try KernelSandbox(readable: readable, writable: writable).ruleset()
        } catch {
            throw refusal(error.detail)
        }
    }

    /// The next helper's config in strata's state folder: `helper-configs/<strata's pid>-<token>/<helpers started>.json`.
    /// The folders of strata processes that ended (killed before their helper read its config) go as the next
    /// one is made.
    static func nextConfigFile(inState stateFolder: URL) -> URL {
        PrivateFolder.perProcess(in: stateFolder.appendingPathComponent("helper-configs"))
            .appendingPathComponent("\(starts.add(1, ordering: .relaxed).newValue).json")
    }
    private static let starts = Atomic<Int>(0)

    /// Records that the helper didn't finish loading the plugin in time: until the library changes or
    /// `strata plugins retry ID`, strata reports the plugin as timed out instead of waiting for it again.
    func recordTimeout() { CrashJournal.timedOut(pluginID, path: library, in: crashes) }

    /// The kernel sandbox could not be made or applied: strata refuses the plugin, and says what to set.
    func refusal(_ detail: String) -> HelperFailure {
        HelperFailure(
            pluginID: pluginID,
            reason: "feature '\(pluginID)' runs in a sandboxed helper (\(origin)), but its helper can't sandbox itself: \(detail). "
                + "Set \"isolation\": \"process-unsandboxed\" (a helper without the kernel sandbox) or \"none\" under features.\(pluginID) in \(configSource).",
            refused: true)
    }
}

extension HostRunner {
    /// How plugin `id`'s helper starts, or `nil` when the catalog doesn't have it.
    func helperLaunch(for id: String) -> HelperLaunch? {
        guard let entry = catalog.plugins.entry(id), let descriptor = entry.descriptor else { return nil }
        let isolation = isolation(for: id)
        let capabilities = isolation.capabilities(declared: descriptor.capabilities).capabilities
        let dataFolder = context.dataDirectory.appendingPathComponent(id, isDirectory: true)
        let files = capabilities.files.map { (path: expandingTilde($0.path, context.environment), writes: $0.write) }
        var variables = Dictionary(
            uniqueKeysWithValues: (capabilities.environment + PluginHelper.runtimeVariables).compactMap { name in
                context.environment[name].map { (name, $0) }
            })
        variables["HOME"] = dataFolder.path
        variables["TMPDIR"] = dataFolder.path
        // The helper can't read the user database: it is told the user strata finds.
        variables["USER"] = UserName.current(environment: context.environment)
        // The Swift runtime's crash backtracer is a process of its own, which the sandbox doesn't allow.
        variables["SWIFT_BACKTRACE"] = "enable=no"
        variables["XDG_STATE_HOME"] = dataFolder.appendingPathComponent(".state").path
        if isolation.mode == .process { variables[PluginContext.sandboxedVariable] = "1" }
        let pluginFolder = URL(fileURLWithPath: entry.path).deletingLastPathComponent().path
        let helperConfig = HelperLaunch.nextConfigFile(inState: stateDirectory(context.environment))
        let config = HelperServer.visibleConfig(for: id, descriptor: descriptor, pluginFolder: pluginFolder, config: context.config).encoded()
        var launch = HelperLaunch(
            pluginID: id, mode: isolation.mode, limits: isolation.limits,
            executable: realPath("/proc/self/exe") ?? CommandLine.arguments[0],
            arguments: ["--config", helperConfig.path, "--data-dir", context.dataDirectory.path] + (context.options.verbose ? ["-v"] : [])
                + ["__helper-sandboxed", id, String(getpid())] + (catalog.checkedDigest(of: id).map { [$0] } ?? []),
            environment: variables, dataFolder: dataFolder, config: config, configFile: helperConfig,
            readable: [pluginFolder] + files.filter { !$0.writes }.map(\.path),
            writable: [dataFolder.path] + files.filter(\.writes).map(\.path),
            otherPluginFolders: Set(
                catalog.plugins.entries.filter { $0.id != id }.map { URL(fileURLWithPath: $0.path).deletingLastPathComponent().path }
            ).subtracting([pluginFolder]),
            library: entry.path, crashes: context.crashes, origin: isolation.origin(of: id, in: context.config.source),
            configSource: context.config.source, accounting: HelperAccounting(environment: context.environment))
        launch.givenVariables = capabilities.environment.filter { context.environment[$0] != nil }
        launch.audit = PluginAuditLog(pluginID: id, environment: context.environment)
        launch.record = HelperPluginRecord.resolved(
            for: id, in: catalog.plugins, folder: pluginFolder, config: Array(config), configSource: context.config.source)
        return launch
    }
}
