import FoundationEssentials
import Glibc
import StrataBase

/// `strata dev PACKAGE [-- COMMAND…]`: the plugin author's loop. It builds the package with `swift build`,
/// runs the interactive app (or `strata COMMAND…`) with the new library, and on every change to the
/// package's files builds again and starts the app anew with the new library: VS Code's Extension
/// Development Host, except that reloading is a new process, because code a Swift library has run can't
/// be unloaded safely (`dlclose`).
///
/// The app comes back on the feature it was showing. A failed build leaves the running app as it was and
/// shows the compiler's first errors in it. Like the ``Supervisor``, this process loads no plugin.
enum DevLoop {
    /// For the child `strata`: a folder holding the freshly built libraries, searched before the others.
    static let pluginFolderVariable = "STRATA_DEV_PLUGIN_DIR"

    /// `<state>/dev`, where each dev loop has its work folder, `<pid>/`.
    static func workFolders(_ environment: [String: String]) -> URL {
        stateDirectory(environment).appendingPathComponent("dev", isDirectory: true)
    }

    /// The real path of the development plugin folder the environment names, if it is one that `strata dev`
    /// made: `<state>/dev/<pid>/plugins`, private to the user. Pinned trust doesn't apply to it, so any
    /// other folder named by the variable is ignored, with a warning.
    static func pluginFolder(environment: [String: String]) -> String? {
        guard let named = environment[pluginFolderVariable], !named.isEmpty else { return nil }
        if let folder = realPath(named), let root = realPath(workFolders(environment).path),
            folder.hasPrefix(root + "/"), folder.hasSuffix("/plugins"), folder.dropFirst(root.count + 1).split(separator: "/").count == 2,
            PrivateFolder.isPrivate(URL(fileURLWithPath: folder)), PrivateFolder.isPrivate(URL(fileURLWithPath: folder).deletingLastPathComponent())
        {
            return folder
        }
        Console.error("\(pluginFolderVariable) is set by `strata dev` for its own staging folder; \(named) is not one, so it was ignored")
        return nil
    }
    /// For the app: a file where it keeps the id of the feature it shows, to reopen it after a rebuild.
    static let screenFileVariable = "STRATA_DEV_SCREEN_FILE"
    /// For the app: a pipe on which build failures arrive, one JSON object per line.
    static let failuresVariable = "STRATA_DEV_FAILURES_FD"

    /// The options of the `strata` that `strata dev` runs: the user's, with a data folder of its own unless
    /// they chose one (`--data-dir`, `$STRATA_DATA_DIR`): `$XDG_DATA_HOME/strata-dev` (`~/.local/share/strata-dev`),
    /// so that what the build under development writes doesn't land in the data of the installed copy.
    static func childOptions(_ options: HostOptions, environment: [String: String]) -> HostOptions {
        guard options.dataDirectory == nil, (environment["STRATA_DATA_DIR"] ?? "").isEmpty else { return options }
        var options = options
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(homeDirectory(environment))/.local/share"
        options.dataDirectory = "\(dataHome)/strata-dev"
        return options
    }

    /// The words of a command typed on `strata dev`'s standard input, split as a shell splits them (quotes
    /// and backslashes; a leading `strata` is dropped); `nil` when a quote isn't closed.
    static func words(ofLine line: String) -> [String]? {
        var words: [String] = [], current = "", inWord = false, quote: Character?, escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\", quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(current) }
        return words.first == "strata" ? Array(words.dropFirst()) : words
    }

    static func run(_ arguments: [String], options: HostOptions, environment: [String: String]) -> Int32 {
        let dev = HostCommand.named(DevCommand.words)
        if arguments.first == "--help" || arguments.first == "-h" {
            Console.write(dev.help)
            return 0
        }
        guard arguments.first != "--" else {
            Console.error("missing PACKAGE.\nUsage: strata \(dev.usage)")
            return 2
        }
        guard let parsed = dev.parse(arguments) else { return 2 }
        if arguments.count > 1, arguments[1] != "--" {
            Console.error("unexpected argument '\(arguments[1])'; put the command to run after `--`.\nUsage: strata \(dev.usage)")
            return 2
        }
        let declared = DevCommand(parsed)
        let path = declared.package, command = declared.command
        let package = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL.path
        do {
            var loop = try Session(
                package: package, command: command, options: childOptions(options, environment: environment), environment: environment)
            defer { loop.finish() }
            return loop.run()
        } catch {
            Console.error("\(error)")
            return 1
        }
    }

    /// The signal that asked this process to stop (0 while none has).
    nonisolated(unsafe) fileprivate static var stopSignal: Int32 = 0

    private struct Session {
        let package: String
        /// `strata COMMAND…` to run after each build (the last one typed on standard input); empty for the
        /// interactive app.
        var command: [String]
        /// What has been typed on standard input since the last line (command mode only), and whether it is
        /// still open.
        var typed: [UInt8] = []
        var inputOpen = true
        let options: HostOptions
        let environment: [String: String]
        let watcher: FolderWatcher
        /// `<state>/dev/<pid>`: the staged libraries, the screen file and the last build's log.
        let workFolder: URL
        var child: pid_t = 0
        /// The write end of the running app's failures pipe (-1 when there is no app).
        var failures: Int32 = -1
        var builds = 0

        init(package: String, command: [String], options: HostOptions, environment: [String: String]) throws(DevError) {
            guard FileManager.default.fileExists(atPath: "\(package)/Package.swift") else { throw .notAPackage(package) }
            self.package = package
            self.command = command
            self.options = options
            self.environment = environment
            do {
                watcher = try FolderWatcher(tree: package)
            } catch {
                throw .watch(error.path.isEmpty ? package : error.path, error.reason)
            }
            workFolder = PrivateFolder.perProcess(in: DevLoop.workFolders(environment))
            do {
                try PrivateFolder.preparePerProcess(workFolder)
                try PrivateFolder.prepare(workFolder.appendingPathComponent("plugins"))
            } catch {
                throw .workFolder(workFolder.path, errorText(error))
            }
        }

        mutating func run() -> Int32 {
            for signal in [SIGINT, SIGTERM, SIGHUP] {
                Glibc.signal(signal) { DevLoop.stopSignal = $0 }
            }
            Glibc.signal(SIGPIPE, SIG_IGN)  // the app may be gone when a failure is sent to it
            Console.writeError("strata dev: building \(package) (swift build; the first build takes longest)…")
            if let data = options.dataDirectory {
                Console.writeError("strata dev: the plugins keep their data in \(data), apart from your installed ones' (--data-dir DIR to choose)")
            }
            if build(echo: true) {
                if !command.isEmpty {
                    Console.writeError(
                        "strata dev: to run this build's commands from another shell: \(DevLoop.pluginFolderVariable)="
                            + "\(workFolder.appendingPathComponent("plugins").path) strata \(options.forwarded.joined(separator: " ")) COMMAND…")
                }
                start()
            } else {
                Console.writeError("strata dev: fix the error and save; strata starts when the build succeeds (Ctrl-C to stop).")
            }
            while DevLoop.stopSignal == 0 {
                if child != 0, let code = reapChild() {
                    child = 0
                    if command.isEmpty { return code }  // the user quit the app
                    Console.writeError(
                        "strata dev: `strata \(command.joined(separator: " "))` exited with \(code); "
                            + "watching \(package) for changes. Type another command and Enter to run it with this build "
                            + "(e.g. \(command.joined(separator: " "))); Ctrl-C to stop.")
                }
                if child == 0, let typedCommand = typedLine() {
                    command = typedCommand
                    start()
                    continue
                }
                guard waitForChanges() else { continue }
                let succeeded = build(echo: child == 0 || !command.isEmpty)
                if succeeded {
                    stopChild(SIGTERM)
                    start()
                }
            }
            stopChild(DevLoop.stopSignal)
            return 128 + DevLoop.stopSignal
        }

        /// Removes the work folder (the libraries it staged are loaded by no one once the child is gone).
        func finish() {
            try? FileManager.default.removeItem(at: workFolder)
        }

        // MARK: Watching

        /// Waits up to a quarter second for a change, then until the files have been quiet for 0.15 s (an
        /// editor's save is several events). Returns whether anything changed. In command mode, while no
        /// command runs, it also takes what is typed on standard input (``typedLine()`` reads it).
        private mutating func waitForChanges() -> Bool {
            var changed = false
            var timeout: Int32 = 250
            while DevLoop.stopSignal == 0 {
                let reading = !command.isEmpty && child == 0 && inputOpen
                var entries = [pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)]
                if reading { entries.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
                let ready = poll(&entries, nfds_t(entries.count), timeout)
                if ready <= 0 { return changed }
                if reading, entries[1].revents != 0 {
                    readInput()
                    if typed.contains(UInt8(ascii: "\n")) { return changed }
                }
                if entries[0].revents != 0 { changed = !watcher.changes().isEmpty || changed }
                timeout = 150
            }
            return false
        }

        /// Takes what standard input has; at its end, stops reading it.
        private mutating func readInput() {
            var buffer = [UInt8](repeating: 0, count: 1024)
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count > 0 {
                typed += buffer[..<count]
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                inputOpen = false
            }
        }

        /// The next command typed on standard input, if a whole line has come (an empty or unbalanced line is
        /// passed over, with a word about the latter).
        private mutating func typedLine() -> [String]? {
            while let end = typed.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: typed[..<end], as: UTF8.self)
                typed.removeSubrange(...end)
                guard let words = DevLoop.words(ofLine: line) else {
                    Console.writeError("strata dev: a quote isn't closed in: \(line)")
                    continue
                }
                if !words.isEmpty { return words }
            }
            return nil
        }

        // MARK: Building

        /// Runs `swift build` in the package and stages the plugin libraries it made. On failure, the first
        /// errors go to the app if one runs, else to standard error.
        private mutating func build(echo: Bool) -> Bool {
            builds += 1
            let started = ContinuousClock.now
            let log = workFolder.appendingPathComponent("build.log")
            let result = PackageBuild.run(package: package, log: log, echo: echo)
            let seconds = decimal((.now - started) / .seconds(1), places: 1) + " s"
            switch result {
            case .succeeded(let libraries):
                // A new build of a plugin that crashed strata is tried again.
                let crashes = CrashJournal.directory(environment: environment)
                for id in libraries.compactMap({ PluginDiscovery.pluginID(fromFileName: $0.lastPathComponent) }) {
                    CrashJournal.forget(id, in: crashes)
                }
                do {
                    try stage(libraries)
                } catch {
                    report("can't stage the built libraries in \(workFolder.path): \(errorText(error))")
                    return false
                }
                if child == 0 || !command.isEmpty {
                    Console.writeError("strata dev: build \(builds) succeeded in \(seconds)")
                }
                return true
            case .failed(let errors):
                report("build \(builds) failed after \(seconds):\n\(errors)\n(the whole log: \(log.path))")
                return false
            }
        }

        /// Copies the libraries into the work folder: a build may overwrite its output while a copy runs.
        private func stage(_ libraries: [URL]) throws {
            let folder = workFolder.appendingPathComponent("plugins")
            for library in libraries { try StagedFile.place(library, at: folder.appendingPathComponent(library.lastPathComponent)) }
        }

        /// A failure for the person: inside the running app (which stays as it was), or on standard error.
        private func report(_ message: String) {
            if failures >= 0, command.isEmpty {
                let line = (try? JSONEncoder().encode(["buildFailed": message])) ?? Data()
                let sent = (line + Data("\n".utf8)).withUnsafeBytes { write(failures, $0.baseAddress, $0.count) }
                if sent > 0 { return }
            }
            Console.error("dev: \(message)")
        }

        // MARK: The child

        private mutating func start() {
            var childEnvironment = environment
            childEnvironment[DevLoop.pluginFolderVariable] = workFolder.appendingPathComponent("plugins").path
            var pipeEnds: [Int32] = [-1, -1]
            if command.isEmpty {
                childEnvironment[DevLoop.screenFileVariable] = workFolder.appendingPathComponent("screen").path
                if pipe(&pipeEnds) == 0 {
                    _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
                    childEnvironment[DevLoop.failuresVariable] = String(pipeEnds[0])
                }
            }
            do {
                child = try ChildProcess.strata(arguments: options.forwarded + command, environment: childEnvironment).pid
            } catch {
                Console.error("dev: \(error).")
                pipeEnds.filter { $0 >= 0 }.forEach { close($0) }
                return
            }
            if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
            failures = pipeEnds[1]
        }

        /// The child's exit code once it has ended (a signal counts as 128 + its number); nil while it runs.
        /// When Ctrl-Z stops it, this process stops too, so that the shell sees the job stopped.
        private func reapChild() -> Int32? {
            var status: Int32 = 0
            let result = waitpid(child, &status, WNOHANG | WUNTRACED)
            guard result == child else { return result < 0 && errno != EINTR ? 1 : nil }
            if Supervisor.followedStop(status, of: child) { return nil }
            return Supervisor.isSignalled(status) ? 128 + Supervisor.terminatingSignal(status) : Supervisor.exitStatus(status)
        }

        /// Ends the child with `signal` and waits for it (SIGKILL after five seconds).
        private mutating func stopChild(_ signal: Int32) {
            if failures >= 0 { close(failures) }
            failures = -1
            guard child != 0 else { return }
            kill(child, signal)
            var status: Int32 = 0
            for _ in 0..<100 where waitpid(child, &status, WNOHANG) == 0 {
                usleep(50_000)
            }
            if waitpid(child, &status, WNOHANG) == 0 {
                kill(child, SIGKILL)
                waitpid(child, &status, 0)
            }
            child = 0
        }
    }
}

/// Why `strata dev` can't run.
enum DevError: Error, CustomStringConvertible {
    case notAPackage(String)
    case watch(String, String)
    case workFolder(String, String)

    var description: String {
        switch self {
        case .notAPackage(let path):
            "dev: \(path) is not a package folder (it has no Package.swift). Give the folder `strata plugins new` made."
        case .watch(let path, let reason):
            "dev: can't watch \(path) for changes (\(reason)). If the limit of inotify watches is reached, raise "
                + "fs.inotify.max_user_watches."
        case .workFolder(let path, let reason):
            "dev: can't create \(path) (\(reason)); check that the state folder ($XDG_STATE_HOME) is writable."
        }
    }
}
