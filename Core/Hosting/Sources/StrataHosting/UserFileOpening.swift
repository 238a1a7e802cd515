import Glibc
import StrataBase
import StrataPluginKit

/// The one judgement of a file the user hands a plugin (named on a command line, or typed in a screen and
/// allowed on strata's prompt): where the typed path leads, whether it is a file the plugin asked for, and
/// opening it as the user, judged through the descriptor that is then used.
public enum UserFileOpening {
    /// The longest path strata takes from a plugin (Linux's `PATH_MAX`).
    public static let maximumPathBytes = 4096

    /// `typed` as the absolute path strata opens and shows: `~/` is the user's home folder, a relative path
    /// is taken from `workingDirectory`, and `.` and `..` are resolved as written (no file is looked at).
    public static func resolved(_ typed: String, workingDirectory: String = currentDirectory(), home: String? = homeDirectory()) -> String {
        var path = typed
        if path == "~" || path.hasPrefix("~/"), let home { path = home + path.dropFirst() }
        if !path.hasPrefix("/") { path = workingDirectory + "/" + path }
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Why `path` is not a file with one of `extensions` (any when empty), in words; `nil` when it is.
    public static func extensionProblem(_ path: String, extensions: [String]) -> String? {
        guard !extensions.isEmpty else { return nil }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let suffix = name.split(separator: ".").count > 1 ? name.split(separator: ".").last.map { $0.lowercased() } : nil
        if let suffix, extensions.contains(where: { $0.lowercased() == suffix }) { return nil }
        return "the plugin takes " + extensions.map { ".\($0)" }.joined(separator: " or ") + " files only. Name such a file."
    }

    /// `path` opened read-only as this process's user (non-blocking while it is judged, so that a FIFO can't
    /// hold strata), if it is a regular file of at most `maximumBytes`; the caller closes it. A name from a
    /// command line is opened by the bytes it came as (``CommandLineWord``).
    public static func open(_ path: String, maximumBytes: Int) -> Result<Int32, UserFileError> {
        let descriptor = CommandLineWord.withPath(path) { Glibc.open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        guard descriptor >= 0 else { return .failure(.unreadable(path: path, reason: errorText(errno) + ". Check the path.")) }
        var status = stat()
        let problem: UserFileError? =
            if fstat(descriptor, &status) != 0 {
                .unreadable(path: path, reason: errorText(errno) + ". Check the path.")
            } else if status.st_mode & S_IFMT == S_IFDIR {
                .unreadable(path: path, reason: "it is a folder. Name a file.")
            } else if status.st_mode & S_IFMT != S_IFREG {
                .unreadable(path: path, reason: "it is not a regular file (a device, a pipe or a socket). Name a file.")
            } else if Int(exactly: status.st_size).map({ $0 > maximumBytes }) ?? true {
                .tooLarge(path: path, maximumBytes: maximumBytes)
            } else {
                nil
            }
        if let problem {
            close(descriptor)
            return .failure(problem)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return .success(descriptor)
    }

    /// This process's working folder ("/" if it has none).
    public static func currentDirectory() -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: maximumPathBytes + 1) { buffer in
            getcwd(buffer.baseAddress, buffer.count).map { String(cString: $0) } ?? "/"
        }
    }

    /// The user's home folder: `HOME`, else the password database's.
    public static func homeDirectory() -> String? {
        if let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") { return home }
        return getpwuid(getuid())?.pointee.pw_dir.map { String(cString: $0) }
    }

    private static func errorText(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }
}

/// The user files of a plugin in process, which has the user's authority: the path itself, resolved, once
/// it was found to be a readable regular file of an extension the plugin takes.
public struct InProcessUserFiles: UserFiles {
    public init() {}

    public func readable(_ path: String, purpose: String, extensions: [String]) async throws(UserFileError) -> String {
        let resolved = UserFileOpening.resolved(path)
        if let problem = UserFileOpening.extensionProblem(resolved, extensions: extensions) {
            throw .unreadable(path: resolved, reason: problem)
        }
        let descriptor = try UserFileOpening.open(resolved, maximumBytes: .max).get()
        close(descriptor)
        return resolved
    }

    public func completions(of typed: String, extensions: [String]) -> [String] {
        FileNameCompletion.candidates(
            completing: typed, extensions: extensions, workingDirectory: UserFileOpening.currentDirectory(), home: UserFileOpening.homeDirectory())
    }
}
