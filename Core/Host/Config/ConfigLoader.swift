import FoundationEssentials
import Glibc
import StrataBase

/// Finds and reads the config: `--config PATH`, then `$STRATA_CONFIG`, then `./strata.json` if the user has
/// allowed it (``ConfigAllowance``), then `$XDG_CONFIG_HOME/strata/strata.json` (`~/.config` by default),
/// else the built-in defaults.
struct ConfigLoader {
    /// A file that may hold the config.
    struct Candidate {
        var path: String
        /// Named by `--config` or `$STRATA_CONFIG`: it must exist.
        var explicit = false
        /// Found in the current folder: used only once allowed.
        var needsAllowance = false
    }

    var explicitPath: String?
    var environment: [String: String]
    var currentDirectory: String = FileManager.default.currentDirectoryPath

    /// The files looked at, in order.
    func candidates() -> [Candidate] {
        if let explicitPath { return [Candidate(path: absolute(explicitPath), explicit: true)] }
        if let fromEnvironment = environment["STRATA_CONFIG"], !fromEnvironment.isEmpty {
            return [Candidate(path: absolute(fromEnvironment), explicit: true)]
        }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(homeDirectory(environment))/.config"
        let own = "\(configHome)/strata/strata.json"
        let local = absolute("strata.json")
        return [Candidate(path: local, needsAllowance: local != own), Candidate(path: own)]
    }

    /// Loads the first config found; a config in the current folder that isn't allowed is passed over
    /// with a warning that says how to allow it.
    /// - Throws: `ConfigError` if an explicitly named file is missing, or any file used is malformed.
    func load() throws(ConfigError) -> StrataConfig {
        var passedOver: [String] = []
        for candidate in candidates() {
            let data: Data
            switch Self.read(candidate.path) {
            case .missing:
                if candidate.explicit { throw .unreadable(path: candidate.path, detail: "no such file") }
                continue
            case .folder:
                if candidate.needsAllowance { continue }
                throw .unreadable(
                    path: candidate.path,
                    detail: "it is a folder, not a file; name the config file itself, "
                        + "e.g. \(URL(fileURLWithPath: candidate.path).appendingPathComponent("strata.json").path)")
            case .refused(let detail):
                if candidate.needsAllowance { continue }
                throw .unreadable(path: candidate.path, detail: detail)
            case .read(let bytes):
                data = Data(bytes)
            }
            if candidate.needsAllowance {
                switch ConfigAllowance(environment: environment).verdict(for: candidate.path, contents: data) {
                case .allowed: break
                case .unknown:
                    passedOver.append(
                        "\(candidate.path) was not used: a config in the current folder can load code and send your keys "
                            + "elsewhere, so it needs your approval. Review it, then run `strata config allow`.")
                    continue
                case .changed:
                    passedOver.append(
                        "\(candidate.path) was not used: it changed since you allowed it. "
                            + "Review it, then run `strata config allow` again.")
                    continue
                }
            }
            var config = try Self.parse(data, path: candidate.path)
            config.approved = candidate.needsAllowance
            config.warnings = passedOver + config.warnings
            return config
        }
        var config = candidates().last.map { StrataConfig.builtIn(standingFor: $0.path) } ?? .builtIn
        config.warnings = passedOver
        return config
    }

    /// The most bytes a config file may hold (the four features' settings take about 1 KB).
    static let sizeLimit = 1 << 20

    /// What reading a candidate gave.
    enum Reading {
        case missing
        case folder
        case refused(String)
        case read([UInt8])

        /// Why nothing was read, in the words of the C library where it has some (`nil` once read): for the
        /// commands that read a config file outside ``ConfigLoader/load()``.
        var problem: String? {
            switch self {
            case .missing: String(cString: strerror(ENOENT))
            case .folder: String(cString: strerror(EISDIR))
            case .refused(let detail): detail
            case .read: nil
            }
        }
    }

    /// The file at `path`, judged and read through one descriptor: only a regular file of at most
    /// ``sizeLimit`` bytes is read (a device would be read without end, a pipe's open would wait for a writer).
    /// Every command that reads a config file reads it so.
    static func read(_ path: String) -> Reading {
        let file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .missing : .refused(String(cString: strerror(errno)))
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0 else { return .refused(String(cString: strerror(errno))) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: break
        default: return .refused("it is not a regular file (a device, a pipe or a socket)")
        }
        guard status.st_size <= sizeLimit else {
            return .refused("it holds \(status.st_size) bytes, more than the 1 MiB a config may hold")
        }
        guard let bytes = readWhole(file, status: status, limit: sizeLimit) else { return .refused("it changed while it was read; try again") }
        return .read(bytes)
    }

    /// Parses config text read from `path`; repeated keys become warnings.
    static func parse(_ data: Data, path: String) throws(ConfigError) -> StrataConfig {
        let document = try JSONValue.parse(data, source: path)
        var config = try StrataConfig(document: document.value, source: path, path: path)
        config.warnings += document.duplicateKeys.map { duplicate in
            "in the config \(path): `\(duplicate.keyPath)` is given twice (lines \(duplicate.firstLine) and "
                + "\(duplicate.secondLine)); only one of them takes effect. Keep one."
        }
        return config
    }

    /// `path` from the current folder. Its URL is told it names a file: without the hint, Foundation asks the
    /// disk (a `stat`) whether it is a folder.
    func absolute(_ path: String) -> String {
        expandingTilde(path, environment).hasPrefix("/")
            ? expandingTilde(path, environment)
            : URL(fileURLWithPath: currentDirectory).appendingPathComponent(path, isDirectory: false).standardized.path
    }
}

/// The user's home folder: `$HOME`, else the password database.
func homeDirectory(_ environment: [String: String]) -> String {
    if let home = environment["HOME"], !home.isEmpty { return home }
    guard let entry = getpwuid(geteuid()), let folder = entry.pointee.pw_dir else { return "/" }
    return String(cString: folder)
}

/// `~/x` → `$HOME/x`.
func expandingTilde(_ path: String, _ environment: [String: String]) -> String {
    if path == "~" { return homeDirectory(environment) }
    if path.hasPrefix("~/") { return homeDirectory(environment) + path.dropFirst() }
    return path
}
