import Foundation

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
final class LaunchedProcess {
    private let process: Process
    private let folder: URL
    private let state: URL

    fileprivate init(process: Process, folder: URL, state: URL) {
        self.process = process
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
    var isRunning: Bool { process.isRunning }

    /// The process id, for sending it signals.
    var processIdentifier: pid_t { process.processIdentifier }

    /// Whether the process has installed a handler for `signal` (`SigCgt` in `/proc/<pid>/status`): a
    /// readiness point that needs no sleeping.
    func catches(_ signal: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }

    /// Waits for the process to end (killing it after `timeout` seconds) and returns what it printed.
    func wait(timeout: Double = 120) throws -> ProcessResult {
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: state)
        }
        // SIGKILL: a child started from a test thread inherits its blocked signals, so SIGTERM might never land.
        let process = process
        let killer = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
        process.waitUntilExit()
        killer.cancel()
        return ProcessResult(status: process.terminationStatus,
                             stdout: String(decoding: try Data(contentsOf: folder.appendingPathComponent("out")), as: UTF8.self),
                             stderr: String(decoding: try Data(contentsOf: folder.appendingPathComponent("err")), as: UTF8.self),
                             signalled: process.terminationReason == .uncaughtSignal)
    }
}

/// Starts `executable` with `arguments` without waiting for it.
func launch(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
            currentDirectory: URL? = nil) throws -> LaunchedProcess {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var merged = ProcessInfo.processInfo.environment
    for key in ["STRATA_CONFIG", "STRATA_DATA_DIR", "STRATA_LOG", "XDG_CONFIG_HOME"] { merged[key] = nil }
    merged["SWIFT_BACKTRACE"] = "enable=no"
    // Crash records and other state of this run stay in its own folder, never in the user's.
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("strata-state-\(UUID().uuidString)")
    merged["XDG_STATE_HOME"] = state.path
    process.environment = merged.merging(environment) { $1 }
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    // Files rather than pipes: nothing to drain concurrently, and a child that fills its output can't block.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let outURL = folder.appendingPathComponent("out"), errURL = folder.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return LaunchedProcess(process: process, folder: folder, state: state)
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

    /// Writes the config file.
    func writeConfig(_ json: String) throws {
        try Data(json.utf8).write(to: config)
    }

    /// Copies the fixture `libStrataFixture<fixture>.so` into the plugin folder as `lib<name>Plugin.so`.
    @discardableResult
    func install(fixture: String, as name: String) throws -> URL {
        let source = BuildProducts.directory.appendingPathComponent("libStrataFixture\(fixture).so")
        let target = plugins.appendingPathComponent("lib\(name)Plugin.so")
        try FileManager.default.copyItem(at: source, to: target)
        chmod(target.path, 0o755)
        return target
    }

    /// The sandbox's state folder (`XDG_STATE_HOME`): crash records live here from one run to the next.
    var state: URL { root.appendingPathComponent("state") }

    /// Runs `strata` with this sandbox's config, data and state folders.
    func strata(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        try HostTests.strata(["--config", config.path, "--data-dir", data.path] + arguments,
                             environment: ["XDG_STATE_HOME": state.path].merging(environment) { $1 })
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
