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

/// The helper side of process isolation: `strata --config <visible config> __helper-sandboxed ID PARENT`,
/// which strata starts sandboxed with one thread and an environment of the plugin's declared variables
/// (``HelperLaunch``, ``HelperSpawn``). It opens the plugin through the runner's loader (from wire version 8, the
/// one library strata resolved for it: ``HelperPluginRecord``) and runs the command lines strata sends until
/// strata closes the socket.
struct HelperServer {
    /// The descriptor strata hands the helper its end of the socketpair on.
    static let socketDescriptor: Int32 = 3

    let runner: HostRunner
    private var context: HostContext { runner.context }

    /// Whether descriptor 3 is the socket strata hands over (and not, say, a file a caller left open there).
    static var hasSocket: Bool {
        var status = stat()
        return fstat(socketDescriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
    }

    /// `strata __helper-sandboxed ID PARENT [SHA256]`, the words after the global options.
    struct Start {
        let id: String
        let parent: String
        /// Under pins, the digest strata checked, which the library the helper loads must still have.
        let checkedDigest: String?

        init?(_ words: [String]) {
            guard words.count > 2, words[0] == "__helper-sandboxed" else { return nil }
            (id, parent, checkedDigest) = (words[1], words[2], words.count > 3 ? words[3] : nil)
        }
    }

    /// Serves plugin `start.id` to strata, process `start.parent`: shakes hands, then, when both speak wire
    /// version 8, starts from what strata sent (``HelperPluginRecord``: no config is read and no folder
    /// searched), else from the config strata wrote for it (`options` lead to it) and the folder it names, as
    /// before; then opens the plugin and serves.
    @MainActor
    static func serve(_ start: Start, options: HostOptions, environment: [String: String]) async -> Int32 {
        let id = start.id
        // Never serves a process that is not the one that started it (in namespaces of its own, their init,
        // pid 1, started it as pid 2, for strata).
        guard let parentID = Int32(start.parent), getppid() == parentID || (getppid() == 1 && getpid() == 2), Self.hasSocket else { return 1 }
        let channel = HelperChannel(descriptor: Self.socketDescriptor)
        // The Swift runtime's pool starts its threads for the first task: here, while strata hasn't opened yet (a
        // helper started ahead waits for that: HelperSpare), rather than after, between the handshake and the plugin.
        await Task.detached {}.value
        guard let opening = try? channel.receive(), let strata = HelperHandshake.strataVersions(after: opening, on: channel) else {
            channel.send(
                HelperToHostMessage.refused(
                    "plugin \(id)'s helper speaks wire \(HelperVersions.spoken), and strata opened with a handshake of none: reinstall strata"))
            return 1
        }
        guard let version = HelperVersions.spoken.common(with: strata) else {
            // A strata that sent its range says why itself; one of version 6 shows this sentence.
            if strata == .rangeless {
                channel.send(HelperToHostMessage.refused("plugin \(id)'s helper " + HelperVersions.mismatch(helper: .spoken, strata: strata)))
            } else {
                channel.send(HelperToHostMessage.hello(HelperHello(version: 0, load: .zero, register: .zero)))
            }
            return 1
        }
        let catalog: HostCatalog
        do {
            let record =
                version >= HelperPluginRecord.version ? try HelperHandshake.record(on: channel, until: .now + .seconds(LoadWatchdog.timeout)) : nil
            catalog =
                try record?.catalog(options: options, environment: environment) ?? HostCatalog(HostContext.load(options: options, environment: environment))
        } catch let failure as HelperRecordFailure {
            channel.send(HelperToHostMessage.refused("plugin \(id)'s helper \(failure.reason): reinstall strata"))
            return 1
        } catch {
            // Read as a command line's strata reads its config: exit 2, as the README's exit codes say.
            channel.send(HelperToHostMessage.refused("plugin \(id)'s helper can't start: \(error)"))
            return 2
        }
        HostRunner.prepareProcess(for: catalog)
        for warning in catalog.warnings { Console.warning(warning) }
        let runner = HostRunner(catalog)
        HostRunner.keptUntilExit = (catalog, runner.container)
        return await HelperServer(runner: runner).serve(id: id, version: version, channel: channel, checkedDigest: start.checkedDigest)
    }

    /// Opens plugin `id` on the catalog the runner has, says so to strata in the hello of `version`, then runs
    /// what strata sends on `channel` until strata closes it.
    private func serve(id: String, version: UInt32, channel: HelperChannel, checkedDigest: String?) async -> Int32 {
        // The helper may write only in the plugin's data folder, the load links included.
        runner.loader.temporaryFolder = context.dataDirectory.appendingPathComponent(id, isDirectory: true).path
        // The helper reopens the library by its path: what it loads must be what strata checked.
        if let checkedDigest { runner.loader.checkedDigests[id] = checkedDigest }
        // The plugin's HTTP requests cross to strata, which sends the ones to hosts the plugin declared.
        let http = HelperHTTPClient(channel: channel)
        try? runner.container.register((any HTTPClient).self, scope: .singleton, owner: .host) { _ in http }
        // So do its TCP sockets, which strata opens for the address the user typed.
        let sockets = HelperTCPSockets(channel: channel)
        try? runner.container.register((any TCPSockets).self, scope: .singleton, owner: .host) { _ in sockets }
        // A file the user types in its screen crosses when the user allows it on strata's prompt.
        let dataFolder = context.dataDirectory.appendingPathComponent(id, isDirectory: true)
        let completing = HelperPathCompletion.Asker(channel: channel, version: version)
        let userFiles = HelperUserFiles(channel: channel, dataFolder: dataFolder, completing: completing)
        try? runner.container.register((any UserFiles).self, scope: .singleton, owner: .host) { _ in userFiles }
        let record: PluginRecord
        switch runner.loaded(id, fallback: "it is not installed") {
        case .success(let loaded): record = loaded
        case .failure(let failure):
            channel.send(HelperToHostMessage.refused("feature '\(id)' failed to load in its helper: \(failure.reason)"))
            return 1
        }
        let commands = runner.loader.routes.filter { $0.pluginID == record.id }.map(\.command)
        // How long the plugin took to open here goes with the hello, for `plugins list --timings`.
        channel.send(HelperToHostMessage.hello(HelperHello(version: version, load: record.loadTime ?? .zero, register: record.registerTime ?? .zero)))
        // Each command starts on the thread that read its request, up to its first suspension (no wake-up of
        // another thread; a held reader is relieved, HelperFrameReader), and sends its own exit frame; a
        // command waits for the one before it, should strata send two.
        // Read once: the environment, and the commands the plugin declares (routing through the whole catalog
        // decoded its command paths for every command line).
        let (environment, declared) = (ProcessInfo.processInfo.environment, runner.catalog.plugins.entry(id)?.descriptor?.commands ?? [])
        let running = Mutex<Task<Void, Never>?>(nil)
        let inline = HelperInlineStart()
        let screens = HelperScreenServer(channel: channel, pluginID: id, container: runner.container)
        let reading = HelperFrameReader.start(channel) { frame, reader in
            guard let message = try? HostToHelperMessage(frame) else {
                // A screen request the helper can't read ends the screen; anything else strata sends is dropped.
                if frame.kind == .screen { screens.receive(nil) }
                return
            }
            switch message {
            case .run(let request):
                // The descriptors of the files a command line names come with it (``HelperFiles``).
                let files = reader.takeDescriptors(request.files?.count ?? 0)
                let previous = running.withLock { $0 }
                inline.start {
                    await previous?.value
                    let code = await Self.run(
                        request, version: version, files: files, dataFolder: dataFolder, pluginID: id, declared: declared, commands: commands,
                        environment: environment, channel: channel)
                    channel.send(HelperToHostMessage.exit(UInt32(bitPattern: code)))
                } holding: { task in
                    running.withLock { $0 = task }
                }
            case .cancel: running.withLock { $0?.cancel() }
            case .streamHead(let head): http.head(head)
            case .streamChunk(let id, let bytes): http.chunk(id, bytes)
            case .streamEnd(let end): http.end(end)
            case .socketAnswer(let answer): sockets.deliver(answer, descriptor: answer.failure == nil ? reader.takeDescriptors(1).first : nil)
            case .screen(let request):
                userFiles.screenOpened()
                screens.receive(request)
            case .fileAnswer(let answer): userFiles.deliver(answer, take: reader.takeDescriptors)
            case .completeAnswer(let answer): completing.deliver(answer)
            // The handshake is over.
            case .opening, .versions, .pluginRecord: break
            }
        } closed: {
            // strata is gone: so is the helper, whatever the plugin is doing, and the files it was given.
            userFiles.removeCopies()
            _exit(0)
        }
        guard reading else { return 1 }
        // The reader ends the process.
        while true { try? await Task.sleep(for: .seconds(3600)) }
    }

    /// Runs one command line strata sent, run and reported as strata runs a command in process; what it writes
    /// crosses as it comes. From wire version 9 strata routed and parsed it (``HelperRequest/Routed``): the
    /// helper finds the command by its exact path and runs it on those arguments, parsing nothing; to an older
    /// strata it routes and parses the words.
    private static func run(
        _ request: HelperRequest, version: UInt32, files: [Int32], dataFolder: URL, pluginID id: String, declared: [PluginDescriptor.Command],
        commands: [PluginCommand], environment: [String: String], channel: HelperChannel
    ) async -> Int32 {
        var words = request.words
        let copies = HelperFileCopies.make(request.files ?? [], descriptors: files, words: &words, dataFolder: dataFolder)
        let renamed = (try? copies.get())?.renamed ?? [:]
        let routedByStrata = version >= HelperRequest.routedVersion
        let routed = routedByStrata ? self.routed(request, words: words, copies: renamed, pluginID: id, declared: declared) : nil
        let parsed = routedByStrata ? nil : self.request(for: words, pluginID: id, declared: declared)
        let found = routed?.request ?? parsed
        let invocation = CommandInvocation(
            arguments: found?.arguments ?? words, environment: environment, isTerminal: request.isTerminal,
            output: { channel.send(HelperToHostMessage.output($0)) }, error: { channel.send(HelperToHostMessage.error($0)) })
        guard let found else {
            if case .success(let copies) = copies { copies.remove() }
            if routedByStrata && request.routed == nil {
                invocation.writeError(
                    "\(id): strata sent its helper a command line without the command it routed it to, which a helper of wire version "
                        + "\(version) doesn't parse itself. Start strata again, or reinstall it")
            } else {
                invocation.writeError("\(id): no command '\((request.path ?? request.words).joined(separator: " "))' in its helper")
            }
            return 2
        }
        switch copies {
        case .success(let copies):
            defer { copies.remove() }
            let runner = PluginCommandRunner { _ in .success(commands) }
            let code =
                if let routed {
                    await runner.run(found, parsed: routed.arguments, invocation: invocation)
                } else {
                    await runner.run(found, invocation: invocation)
                }
            guard let written = copies.written.first else { return code }
            invocation.writeError(
                "\(id): it wrote to \(written), which doesn't go back to your file: a plugin in a sandboxed helper gets the files you name to read. "
                    + "Have it write inside \(dataFolder.path), or set \"isolation\": \"none\" under features.\(id) in strata's config.")
            return code == 0 ? 1 : code
        case .failure(let refusal):
            invocation.writeError("\(id): \(refusal)")
            return 1
        }
    }

    /// The command of plugin `pluginID` that the longest prefix of `words` selects, of those it declares (a
    /// strata of wire version 8 or older sends the words alone).
    private static func request(for words: [String], pluginID: String, declared: [PluginDescriptor.Command]) -> PluginCommandRequest? {
        guard let command = declared.command(of: words) else { return nil }
        return PluginCommandRequest(pluginID: pluginID, declared: command, arguments: Array(words.dropFirst(command.words.count)))
    }

    /// The command strata routed `request` to, of those plugin `pluginID` declares, found by its exact path
    /// (`nil`: none has it, or strata sent no route), and strata's parse with the files naming their copies
    /// (`words`, the request's words as ``HelperFileCopies`` rewrote them; `copies`, its ``HelperFileCopies/renamed``).
    private static func routed(
        _ request: HelperRequest, words: [String], copies: [String: String], pluginID: String, declared: [PluginDescriptor.Command]
    ) -> (request: PluginCommandRequest, arguments: CommandArguments)? {
        guard let routed = request.routed, let path = request.path, let command = declared.first(where: { $0.words == path }) else { return nil }
        let arguments = Array(words.dropFirst(routed.pathCount))
        return (PluginCommandRequest(pluginID: pluginID, declared: command, arguments: arguments), routed.arguments.naming(copies, spec: command.spec))
    }

    /// The config the helper reads: the plugin's folder, the data folder, and the settings of the
    /// plugin and its dependencies only (another plugin's key stays out of reach). In its helper the plugin
    /// runs in process (`"isolation": "none"`): the helper is the process.
    static func visibleConfig(for id: String, descriptor: PluginDescriptor, pluginFolder: String, config: StrataConfig) -> JSONValue {
        var features: [String: JSONValue] = [:]
        for feature in [id] + descriptor.dependencies.keys.sorted() {
            var entry: [String: JSONValue] = ["settings": config.features[feature]?.settings ?? .object([:])]
            if feature == id { entry["isolation"] = .string(IsolationSettings.Mode.none.rawValue) }
            features[feature] = .object(entry)
        }
        return .object([
            "pluginDirectories": .array([.string(pluginFolder)]),
            "features": .object(features),
        ])
    }
}
