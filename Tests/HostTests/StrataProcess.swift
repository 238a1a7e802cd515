import Foundation
import StrataBase
import StrataPluginKit
import Synchronization

/// Runs the built `strata` (or another program) as a user would and collects what it printed.
struct ProcessResult {
    let status: Int32
    let stdout: String
    let stderr: String
    let signalled: Bool
}

enum BuildProducts {
    /// The folder holding the test bundle, `strata` and the plugin libraries (`.build/debug`).
    static var directory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    static var strata: String { directory.appendingPathComponent("strata").path }

    /// The repository root (three levels above this file).
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}

/// Runs `executable` with `arguments`, waiting at most `timeout` seconds (then it is killed).
func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
         currentDirectory: URL? = nil, timeout: Double = 120) throws -> ProcessResult {
    try launch(executable, arguments, environment: environment, currentDirectory: currentDirectory).wait(timeout: timeout)
}

/// A started process whose output goes to files; `wait` collects it. Several can run at once.
///
/// Started with `posix_spawn` rather than Foundation's `Process`: a `Process` waits for a status socket that
/// a child started meanwhile by another test thread may inherit, and then reports its own exit only when
/// that other child ends (seen as a one-second command taking fifty under parallel tests).
final class LaunchedProcess: @unchecked Sendable {
    /// The process id, for sending it signals.
    let processIdentifier: pid_t
    private let folder: URL
    private let state: URL
    /// The wait status once reaped.
    private let status = Mutex<Int32?>(nil)

    fileprivate init(processIdentifier: pid_t, folder: URL, state: URL) {
        self.processIdentifier = processIdentifier
        self.folder = folder
        self.state = state
    }

    /// What it has written to standard output so far.
    var outputSoFar: String {
        String(decoding: (try? Data(contentsOf: folder.appendingPathComponent("out"))) ?? Data(), as: UTF8.self)
    }

    /// What it has written to standard error so far.
    var errorSoFar: String {
        String(decoding: (try? Data(contentsOf: folder.appendingPathComponent("err"))) ?? Data(), as: UTF8.self)
    }

    /// Whether it is still running.
    var isRunning: Bool { reaped() == nil }

    /// Whether the process has installed a handler for `signal` (`SigCgt` in `/proc/<pid>/status`): a
    /// readiness point that needs no sleeping.
    func catches(_ signal: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }

    /// Waits until what it wrote to standard output so far meets `condition` and it catches SIGINT (its
    /// handler is in place), at most `timeout` seconds; returns that output.
    func waitForOutput(timeout: Double = 30, _ condition: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while !(condition(outputSoFar) && catches(SIGINT)) {
            guard isRunning, Date() < deadline else { throw POSIXError(.ETIMEDOUT) }
            try await Task.sleep(for: .milliseconds(10))  // polling the child
        }
        return outputSoFar
    }

    /// Waits for the process to end (killing it after `timeout` seconds) and returns what it printed.
    func wait(timeout: Double = 120) throws -> ProcessResult {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning {
            if Date() > deadline { kill(processIdentifier, SIGKILL) }
            usleep(5_000)  // polling the child's exit
        }
        return try result()
    }

    /// `wait` for long waits: it suspends instead of holding one of the few threads that run the tests
    /// (a blocked thread delays every other test, and their time limits count the delay).
    func finished(timeout: Double = 120) async throws -> ProcessResult {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning {
            if Date() > deadline { kill(processIdentifier, SIGKILL) }
            usleep(10_000)  // polling the child's exit
        }
        return try result()
    }

    private func result() throws -> ProcessResult {
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: state)
        }
        let wait = reaped() ?? 0
        let signal = wait & 0x7f
        return ProcessResult(status: signal != 0 ? signal : (wait >> 8) & 0xff,
                             stdout: String(decoding: try Data(contentsOf: folder.appendingPathComponent("out")), as: UTF8.self),
                             stderr: String(decoding: try Data(contentsOf: folder.appendingPathComponent("err")), as: UTF8.self),
                             signalled: signal != 0)
    }

    /// The wait status if the process has ended (reaping it the first time), else nil.
    private func reaped() -> Int32? {
        status.withLock { status in
            if status == nil {
                var raw: Int32 = 0
                if waitpid(processIdentifier, &raw, WNOHANG) == processIdentifier { status = raw }
            }
            return status
        }
    }
}

/// Starts `executable` with `arguments` without waiting for it.
func launch(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
            currentDirectory: URL? = nil) throws -> LaunchedProcess {
    var merged = ProcessInfo.processInfo.environment
    for key in ["STRATA_CONFIG", "STRATA_DATA_DIR", "STRATA_LOG", "XDG_CONFIG_HOME"] { merged[key] = nil }
    merged["SWIFT_BACKTRACE"] = "enable=no"
    // Crash records and other state of this run stay in its own folder, never in the user's.
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("strata-state-\(UUID().uuidString)")
    merged["XDG_STATE_HOME"] = state.path
    merged.merge(environment) { $1 }
    // Files rather than pipes: nothing to drain concurrently, and a child that fills its output can't block.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // `env -C DIR` starts the program in DIR (posix_spawn's chdir action is another _np function).
    let argv = (currentDirectory.map { ["/usr/bin/env", "-C", $0.path, executable] } ?? [executable]) + arguments
    let pid = try spawn(argv, environment: merged,
                        output: folder.appendingPathComponent("out").path, error: folder.appendingPathComponent("err").path)
    return LaunchedProcess(processIdentifier: pid, folder: folder, state: state)
}

/// `posix_spawn` with standard input from /dev/null, output and error into files, every other descriptor
/// closed in the child (glibc's closefrom action, looked up because Swift's Glibc module doesn't import
/// it), no signal blocked and every signal at its default.
func spawn(_ argv: [String], environment: [String: String], output: String, error: String) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t(), all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    // A word that stands for bytes that aren't UTF-8 (a file name, CommandLineWord) goes as those bytes.
    let cArguments = argv.map { word in CommandLineWord.withPath(word) { strdup($0) } } + [nil]
    let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (cArguments + cEnvironment).forEach { free($0) } }
    var pid = pid_t()
    let result = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
    return pid
}

/// Runs the built `strata`.
func strata(_ arguments: [String], environment: [String: String] = [:], currentDirectory: URL? = nil) throws -> ProcessResult {
    try run(BuildProducts.strata, arguments, environment: environment, currentDirectory: currentDirectory)
}

/// A temporary folder with a config file and a plugin folder, removed when the test ends.
final class Sandbox {
    let root: URL
    var plugins: URL { root.appendingPathComponent("plugins") }
    var config: URL { root.appendingPathComponent("strata.json") }
    var data: URL { root.appendingPathComponent("data") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("strata-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("plugins"), withIntermediateDirectories: true)
        chmod(root.path, 0o755)
        chmod(root.appendingPathComponent("plugins").path, 0o755)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// A sandbox whose plugin folder holds the Healthy fixture, with a config that reads that folder.
    static func withHealthy() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        return sandbox
    }

    /// `features` entries that run the plugins `ids` inside strata (`"isolation": "none"`), for tests of
    /// what strata does with a plugin in its own process (loading, DI, crash containment, the load watchdog):
    /// a dropped-in fixture runs in a sandboxed helper by default.
    static func inProcess(_ ids: String...) -> String {
        ids.map { #""\#($0)": {"isolation": "none"}"# }.joined(separator: ", ")
    }

    /// Writes the config file, then approves the fixtures installed so far (those that need it).
    func writeConfig(_ json: String) throws {
        try Data(json.utf8).write(to: config)
        try approveInstalled()
    }

    /// Copies the fixture `libStrataFixture<fixture>.so` into the plugin folder as `lib<name>Plugin.so`. A
    /// fixture that reaches beyond its data folder (Hostile's hosts, the screens of Versioned) is approved
    /// with `strata plugins allow ID --yes` before the next run, as its user would, unless `approved` is false.
    @discardableResult
    func install(fixture: String, as name: String, approved: Bool = true) throws -> URL {
        let source = BuildProducts.directory.appendingPathComponent("libStrataFixture\(fixture).so")
        let target = plugins.appendingPathComponent("lib\(name)Plugin.so")
        try FileManager.default.copyItem(at: source, to: target)
        chmod(target.path, 0o755)
        if approved, let descriptor = try? PluginDescriptorReader.read(libraryAt: source.path),
           !descriptor.capabilities.isEmpty || !descriptor.screens.isEmpty {
            pendingApprovals.append(name.lowercased())
        }
        return target
    }

    /// Installed fixtures to approve before the next run.
    private var pendingApprovals: [String] = []

    /// Approves the fixtures installed since the last approval (those it can: the config must list their
    /// folder), as their user would with `strata plugins allow ID --yes`. Runs of this sandbox's `strata`
    /// do it first; a test that starts strata another way calls it.
    func approveInstalled(environment: [String: String] = [:]) throws {
        let pending = pendingApprovals
        pendingApprovals = []
        for id in pending {
            let allowed = try HostTests.launch(
                BuildProducts.strata, ["--config", config.path, "--data-dir", data.path, "plugins", "allow", id, "--yes"],
                environment: ["XDG_STATE_HOME": state.path].merging(environment) { $1 }).wait()
            if allowed.status != 0 { pendingApprovals.append(id) }
        }
    }

    /// The sandbox's state folder (`XDG_STATE_HOME`): crash records live here from one run to the next.
    var state: URL { root.appendingPathComponent("state") }

    /// Runs `strata` with this sandbox's config, data and state folders.
    func strata(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 120) throws -> ProcessResult {
        try launch(arguments, environment: environment).wait(timeout: timeout)
    }

    /// The `TMPDIR` of what runs `swift` here (the tests' ``swift(_:in:)``, `strata dev`), made when first
    /// asked for: a folder of this sandbox, since SwiftPM leaves a `TemporaryDirectory.*` and its lock files in
    /// `TMPDIR` at every run, which in the system's would stay behind.
    func temporaryFolder() throws -> URL {
        let folder = root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs `swift <arguments…>` (the toolchain the tests run with, or `SWIFT_EXEC_FOR_TESTS`) in `directory`,
    /// for up to 15 minutes, with ``temporaryFolder()`` its `TMPDIR`.
    func swift(_ arguments: [String], in directory: URL? = nil) async throws -> ProcessResult {
        let swift = ProcessInfo.processInfo.environment["SWIFT_EXEC_FOR_TESTS"] ?? "/usr/bin/env"
        return try await HostTests.launch(swift, swift.hasSuffix("env") ? ["swift"] + arguments : arguments,
                                          environment: ["TMPDIR": try temporaryFolder().path], currentDirectory: directory)
            .finished(timeout: 900)
    }

    /// Starts `strata` with this sandbox's config, data and state folders, without waiting for it.
    func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> LaunchedProcess {
        if !pendingApprovals.isEmpty, FileManager.default.fileExists(atPath: config.path) { try approveInstalled(environment: environment) }
        return try HostTests.launch(BuildProducts.strata, ["--config", config.path, "--data-dir", data.path] + arguments,
                             environment: ["XDG_STATE_HOME": state.path].merging(environment) { $1 })
    }
}

/// This build's SDK version (`StrataABI.sdkVersion`, `1.2.0`), its major and minor (`1.2`) as refusals name
/// it, and its minor number alone (`1`).
enum BuiltSDK {
    static var version: String { StrataABI.sdkVersion }
    static var minor: String { version.split(separator: ".").prefix(2).joined(separator: ".") }
    static var minorNumber: String { String(version.split(separator: ".")[1]) }
}

/// Where a plugin runs in a test: in a sandboxed helper or in strata's process (`features.<id>.isolation`).
/// A feature's process-level and app tests take it as their argument (`arguments: Isolation.allCases`) and
/// write their config with ``config(_:settings:alone:extra:)``, so that each runs in both.
enum Isolation: String, CaseIterable, Sendable {
    case process, none

    /// A config that runs plugin `id` as this says, with its `settings` (JSON); `alone` turns the other
    /// built-in features off, and `extra` goes before `features` (top-level entries, each with its comma).
    func config(_ id: String, settings: String = "{}", alone: Bool = false, extra: String = "") -> String {
        let off = alone ? ["gpt", "movies", "running", "blocks"].filter { $0 != id }.map { #""\#($0)": {"enabled": false}, "# } : []
        return #"{\#(extra)"features": {\#(off.joined())"\#(id)": {"isolation": "\#(rawValue)", "settings": \#(settings)}}}"#
    }
}

extension Sandbox {
    /// A sandbox whose config runs plugin `id` as `isolation` says (``Isolation/config(_:settings:alone:extra:)``).
    static func feature(_ id: String, _ isolation: Isolation, settings: String = "{}", alone: Bool = false) throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(isolation.config(id, settings: settings, alone: alone))
        return sandbox
    }
}

/// One row of `strata plugins list --json`.
struct PluginRow: Decodable {
    let id: String
    let displayName: String?
    let state: String
    let path: String
    let version: String?
    let error: String?
    let mapped: Bool?
}

func decodeRows(_ text: String) throws -> [String: PluginRow] {
    let rows = try JSONDecoder().decode([PluginRow].self, from: Data(text.utf8))
    return Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
}
