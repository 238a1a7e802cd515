import CSandbox
import Dispatch
import FoundationEssentials
import Glibc
import StrataBase
@_spi(StrataHost) import StrataDI
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
enum HelperServer {
    /// The descriptor strata hands the helper its end of the socketpair on.
    static let socketDescriptor: Int32 = 3
    /// The config the second stage reads, in the plugin's data folder.
    static let configName = ".helper-config.json"

    /// Whether descriptor 3 is the socket strata hands over (and not, say, a file a caller left open there).
    static var hasSocket: Bool {
        var status = stat()
        return fstat(socketDescriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
    }
}

extension HostSession {
    /// `strata __helper ID PARENT`: the first stage.
    func helperMode(id: String, parent: String) -> Int32 {
        // Dies with strata, and never serves a process that is not the one that started it.
        _ = strata_die_with_parent()
        guard let parentID = Int32(parent), getppid() == parentID, HelperServer.hasSocket else { return 1 }
        let channel = HelperChannel(descriptor: HelperServer.socketDescriptor)
        let refusal = sandboxAndExecute(id: id, parent: parent)
        channel.send(.init(.refused, text: refusal))
        return 1
    }

    /// `strata __helper-sandboxed ID PARENT`: the second stage.
    func sandboxedHelperMode(id: String, parent: String) async -> Int32 {
        guard let parentID = Int32(parent), getppid() == parentID else { return 1 }
        let channel = HelperChannel(descriptor: HelperServer.socketDescriptor)
        guard let hello = try? channel.receive(), hello.kind == .hello, hello.number == HelperWire.version else {
            channel.send(
                .init(.refused, text: "plugin \(id)'s helper speaks version \(HelperWire.version) of the wire format, and strata another: reinstall strata"))
            return 1
        }
        // The helper may write only in the plugin's data folder, the load links included.
        self.loader.temporaryFolder = dataDirectory.appendingPathComponent(id, isDirectory: true).path
        // The plugin's HTTP requests cross to strata, which sends the ones to hosts the plugin declared.
        let http = HelperHTTPClient(channel: channel)
        try? container.register((any HTTPClient).self, scope: .singleton, owner: .host) { _ in http }
        let loader = activate([id])
        guard let record = loader.records.first(where: { $0.id == id }), record.state == .loaded else {
            let reason = loader.records.first { $0.id == id }?.error ?? "it is not installed"
            channel.send(.init(.refused, text: "feature '\(id)' failed to load in its helper: \(reason)"))
            return 1
        }
        channel.send(.init(.hello, number: HelperWire.version))
        let running = Mutex<Task<Int32, Never>?>(nil)
        let requests = AsyncStream<HelperRequest> { continuation in
            DispatchQueue.global().async {
                while let frame = try? channel.receive() {
                    switch frame.kind {
                    case .run:
                        if let request = try? JSONDecoder().decode(HelperRequest.self, from: Data(frame.payload)) { continuation.yield(request) }
                    case .cancel: running.withLock { $0?.cancel() }
                    case .fetched: http.deliver(frame.payload)
                    default: break
                    }
                }
                // strata is gone: so is the helper, whatever the plugin is doing.
                _exit(0)
            }
        }
        for await request in requests {
            let task = Task(operation: command(for: request, pluginID: id, loader: loader, channel: channel))
            running.withLock { $0 = task }
            let code = await task.value
            running.withLock { $0 = nil }
            channel.send(.init(.exit, number: UInt32(bitPattern: code)))
        }
        return 0
    }

    /// One command line made ready to run as `runFeatureCommand` would run it in process, its output sent as
    /// frames: routed and parsed here, run by the caller.
    private func command(
        for request: HelperRequest, pluginID: String, loader: PluginLoader,
        channel: HelperChannel
    ) -> @Sendable () async -> Int32 {
        func invocation(_ arguments: [String]) -> CommandInvocation {
            CommandInvocation(
                arguments: arguments, environment: ProcessInfo.processInfo.environment, isTerminal: request.isTerminal,
                output: { channel.send(.init(.output, text: $0)) }, error: { channel.send(.init(.error, text: $0)) })
        }
        guard let declared = catalog.command(for: request.words)?.command,
            let route = loader.routes.first(where: { $0.pluginID == pluginID && $0.command.path == declared.words })
        else {
            let words = request.words.joined(separator: " "), output = invocation(request.words)
            return {
                output.writeError("\(pluginID): no command '\(words)' in its helper")
                return 2
            }
        }
        let arguments = invocation(Array(request.words.dropFirst(declared.words.count))), usage = declared.usage, command = route.command
        do {
            let parsed = try declared.spec.parse(arguments.arguments)
            return { await command.execute(parsed, pluginID: pluginID, usage: usage, invocation: arguments) }
        } catch {
            let code = PluginCommand.report(error, pluginID: pluginID, usage: usage, to: arguments)
            return { code }
        }
    }

    /// Sandboxes this thread for plugin `id`, and executes the second stage in it.
    /// - Returns: why it couldn't, as the line strata prints.
    private func sandboxAndExecute(id: String, parent: String) -> String {
        guard let entry = catalog.entry(id), let descriptor = entry.descriptor else { return "feature '\(id)' is not installed" }
        let isolation = config.isolation(for: id)
        let capabilities = isolation.capabilities(declared: descriptor.capabilities).capabilities
        let dataFolder = dataDirectory.appendingPathComponent(id, isDirectory: true)
        let helperConfig = dataFolder.appendingPathComponent(HelperServer.configName)
        do {
            try FileManager.default.createDirectory(at: dataFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try visibleConfig(for: id, descriptor: descriptor, pluginFolder: entry.path).encoded().write(to: helperConfig)
        } catch {
            return "plugin \(id)'s helper can't prepare its data folder \(dataFolder.path): \(error)"
        }
        let files = capabilities.files.map { (expandingTilde($0.path, environment), $0.write) }
        var variables = Dictionary(
            uniqueKeysWithValues: (capabilities.environment + PluginHelper.runtimeVariables).compactMap { name in
                environment[name].map { (name, $0) }
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
                return "feature '\(id)' is set to \"isolation\": \"process\", but its helper can't sandbox itself: \(error). "
                    + "Set \"isolation\": \"process-unsandboxed\" (a helper without the kernel sandbox) or \"none\" under features.\(id) in \(config.source)."
            }
        }
        let executable = realPath("/proc/self/exe") ?? CommandLine.arguments[0]
        let arguments =
            [executable, "--config", helperConfig.path, "--data-dir", dataDirectory.path] + (options.verbose ? ["-v"] : [])
            + ["__helper-sandboxed", id, parent]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        execve(executable, argv, envp)
        return "plugin \(id)'s helper can't start its sandboxed stage: \(String(cString: strerror(errno)))"
    }

    /// The config the sandboxed stage reads: the plugin's folder, the data folder, and the settings of the
    /// plugin and its dependencies only (another plugin's key stays out of reach).
    private func visibleConfig(for id: String, descriptor: PluginDescriptor, pluginFolder path: String) -> JSONValue {
        var features: [String: JSONValue] = [:]
        for feature in [id] + descriptor.dependencies.keys.sorted() {
            features[feature] = .object(["settings": config.features[feature]?.settings ?? .object([:])])
        }
        return .object([
            "pluginDirectories": .array([.string(URL(fileURLWithPath: path).deletingLastPathComponent().path)]),
            "features": .object(features),
        ])
    }
}
