import CSandbox
import Dispatch
import FoundationEssentials
import Glibc
import StrataBase
import StrataDI
import StrataHostKit
import StrataHosting
import StrataNetworking
import StrataPluginKit
import Synchronization

/// The helper side of process isolation, in two stages, since Landlock and seccomp bind only the thread
/// that asks (and every thread it starts later), and by then strata's own threads exist:
/// - `strata __helper ID PARENT` reads the config as strata does, makes the plugin's data folder and a
///   config holding only what the plugin may see, sandboxes its main thread, empties its environment to the
///   plugin's declared variables, and executes
/// - `strata --config <that> __helper-sandboxed ID PARENT`, which starts sandboxed with one thread, opens
///   the plugin and runs the command lines strata sends until strata closes the socket.
///
/// Both stages come after the pipeline's catalog; the second opens the plugin through the runner's loader.
struct HelperServer {
    /// The descriptor strata hands the helper its end of the socketpair on.
    static let socketDescriptor: Int32 = 3
    /// The config the second stage reads, in the plugin's data folder.
    static let configName = ".helper-config.json"

    let runner: HostRunner
    private var context: HostContext { runner.context }

    /// Whether descriptor 3 is the socket strata hands over (and not, say, a file a caller left open there).
    static var hasSocket: Bool {
        var status = stat()
        return fstat(socketDescriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
    }

    /// `strata __helper ID PARENT`: the first stage.
    func firstStage(id: String, parent: String) -> Int32 {
        // Dies with strata, and never serves a process that is not the one that started it.
        _ = strata_die_with_parent()
        guard let parentID = Int32(parent), getppid() == parentID, Self.hasSocket else { return 1 }
        let channel = HelperChannel(descriptor: Self.socketDescriptor)
        let refusal = sandboxAndExecute(id: id, parent: parent)
        channel.send(.init(.refused, text: refusal))
        return 1
    }

    /// `strata __helper-sandboxed ID PARENT`: the second stage.
    func sandboxedStage(id: String, parent: String) async -> Int32 {
        guard let parentID = Int32(parent), getppid() == parentID else { return 1 }
        let channel = HelperChannel(descriptor: Self.socketDescriptor)
        guard let hello = try? channel.receive(), hello.kind == .hello, hello.number == HelperWire.version else {
            channel.send(
                .init(.refused, text: "plugin \(id)'s helper speaks version \(HelperWire.version) of the wire format, and strata another: reinstall strata"))
            return 1
        }
        // The helper may write only in the plugin's data folder, the load links included.
        runner.loader.temporaryFolder = context.dataDirectory.appendingPathComponent(id, isDirectory: true).path
        // The plugin's HTTP requests cross to strata, which sends the ones to hosts the plugin declared.
        let http = HelperHTTPClient(channel: channel)
        try? runner.container.register((any HTTPClient).self, scope: .singleton, owner: .host) { _ in http }
        let record: PluginRecord
        switch runner.loaded(id, fallback: "it is not installed") {
        case .success(let loaded): record = loaded
        case .failure(let failure):
            channel.send(.init(.refused, text: "feature '\(id)' failed to load in its helper: \(failure.reason)"))
            return 1
        }
        let commands = runner.loader.routes.filter { $0.pluginID == record.id }.map(\.command)
        channel.send(.init(.hello, number: HelperWire.version))
        let running = Mutex<Task<Int32, Never>?>(nil)
        let screens = HelperScreenServer(channel: channel, pluginID: id, container: runner.container)
        let requests = AsyncStream<HelperRequest> { continuation in
            DispatchQueue.global().async {
                while let frame = try? channel.receive() {
                    switch frame.kind {
                    case .run:
                        if let request = try? JSONDecoder().decode(HelperRequest.self, from: Data(frame.payload)) { continuation.yield(request) }
                    case .cancel: running.withLock { $0?.cancel() }
                    case .streamHead, .streamChunk, .streamEnd: http.deliverStream(frame)
                    case .screen: screens.receive(frame.payload)
                    default: break
                    }
                }
                // strata is gone: so is the helper, whatever the plugin is doing.
                _exit(0)
            }
        }
        for await request in requests {
            let routed = self.request(for: request.words, pluginID: id)
            let task = Task {
                let invocation = CommandInvocation(
                    arguments: routed?.arguments ?? request.words, environment: ProcessInfo.processInfo.environment,
                    isTerminal: request.isTerminal,
                    output: { channel.send(.init(.output, text: $0)) }, error: { channel.send(.init(.error, text: $0)) })
                guard let routed else {
                    invocation.writeError("\(id): no command '\(request.words.joined(separator: " "))' in its helper")
                    return Int32(2)
                }
                // Parsed, run and reported as strata runs a command in process.
                return await PluginCommandRunner { _ in .success(commands) }.run(routed, invocation: invocation)
            }
            running.withLock { $0 = task }
            let code = await task.value
            running.withLock { $0 = nil }
            channel.send(.init(.exit, number: UInt32(bitPattern: code)))
        }
        return 0
    }

    /// The command of plugin `pluginID` that `words` select, as the catalog declares it.
    private func request(for words: [String], pluginID: String) -> PluginCommandRequest? {
        guard let match = runner.catalog.plugins.command(for: words), match.entry.id == pluginID else { return nil }
        return PluginCommandRequest(pluginID: pluginID, declared: match.command, arguments: Array(words.dropFirst(match.command.words.count)))
    }

    /// Sandboxes this thread for plugin `id`, and executes the second stage in it.
    /// - Returns: why it couldn't, as the line strata prints.
    private func sandboxAndExecute(id: String, parent: String) -> String {
        guard let entry = runner.catalog.plugins.entry(id), let descriptor = entry.descriptor else { return "feature '\(id)' is not installed" }
        let isolation = runner.isolation(for: id)
        let capabilities = isolation.capabilities(declared: descriptor.capabilities).capabilities
        let dataFolder = context.dataDirectory.appendingPathComponent(id, isDirectory: true)
        let helperConfig = dataFolder.appendingPathComponent(HelperServer.configName)
        do {
            // Made as strata makes it for a plugin in process, and explained the same way when it can't be.
            try PrivateFolder.prepare(dataFolder)
            try visibleConfig(for: id, descriptor: descriptor, pluginFolder: entry.path).encoded().write(to: helperConfig)
        } catch {
            return "plugin \(id)'s helper can't use its data folder: \(errorText(error)). Choose another with --data-dir or STRATA_DATA_DIR"
        }
        let files = capabilities.files.map { (expandingTilde($0.path, context.environment), $0.write) }
        var variables = Dictionary(
            uniqueKeysWithValues: (capabilities.environment + PluginHelper.runtimeVariables).compactMap { name in
                context.environment[name].map { (name, $0) }
            })
        variables["HOME"] = dataFolder.path
        variables["TMPDIR"] = dataFolder.path
        // The Swift runtime's crash backtracer is a process of its own, which the sandbox doesn't allow.
        variables["SWIFT_BACKTRACE"] = "enable=no"
        variables["XDG_STATE_HOME"] = dataFolder.appendingPathComponent(".state").path
        if isolation.mode != .processUnsandboxed {
            let sandbox = KernelSandbox(
                readable: KernelSandbox.systemReadable + KernelSandbox.mappedFolders()
                    + [URL(fileURLWithPath: entry.path).deletingLastPathComponent().path] + files.filter { !$0.1 }.map(\.0),
                writable: [dataFolder.path] + files.filter(\.1).map(\.0), limits: isolation.limits)
            do {
                try sandbox.apply()
            } catch {
                return "feature '\(id)' runs in a sandboxed helper (\(isolation.origin(of: id, in: context.config.source))), but its helper can't sandbox itself: \(error). "
                    + "Set \"isolation\": \"process-unsandboxed\" (a helper without the kernel sandbox) or \"none\" under features.\(id) in \(context.config.source)."
            }
        }
        let executable = realPath("/proc/self/exe") ?? CommandLine.arguments[0]
        let arguments =
            [executable, "--config", helperConfig.path, "--data-dir", context.dataDirectory.path] + (context.options.verbose ? ["-v"] : [])
            + ["__helper-sandboxed", id, parent]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        execve(executable, argv, envp)
        return "plugin \(id)'s helper can't start its sandboxed stage: \(String(cString: strerror(errno)))"
    }

    /// The config the sandboxed stage reads: the plugin's folder, the data folder, and the settings of the
    /// plugin and its dependencies only (another plugin's key stays out of reach). In its helper the plugin
    /// runs in process (`"isolation": "none"`): the helper is the process.
    private func visibleConfig(for id: String, descriptor: PluginDescriptor, pluginFolder path: String) -> JSONValue {
        var features: [String: JSONValue] = [:]
        for feature in [id] + descriptor.dependencies.keys.sorted() {
            var entry: [String: JSONValue] = ["settings": context.config.features[feature]?.settings ?? .object([:])]
            if feature == id { entry["isolation"] = .string(IsolationSettings.Mode.none.rawValue) }
            features[feature] = .object(entry)
        }
        return .object([
            "pluginDirectories": .array([.string(URL(fileURLWithPath: path).deletingLastPathComponent().path)]),
            "features": .object(features),
        ])
    }
}
