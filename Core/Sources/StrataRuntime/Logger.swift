internal import FoundationEssentials
internal import Glibc
import StrataBase
import Synchronization

/// How much a `Logger` says, from the most to the least verbose.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    case debug, info, warning, error

    /// Reads a level by name (`debug`, `info`, `warning`/`warn`, `error`), case-insensitively.
    public init?(name: String) {
        switch name.lowercased() {
        case "debug", "trace": self = .debug
        case "info": self = .info
        case "warning", "warn": self = .warning
        case "error": self = .error
        default: return nil
        }
    }

    /// Orders levels from `debug` to `error`.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level's name as it appears in log lines.
    public var description: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }
}

/// Where log lines go. An implementation must be safe to call from any thread.
public protocol LogSink: Sendable {
    /// Writes one finished line (no trailing newline).
    func write(_ line: String)
}

/// Writes log lines to standard error, one `write` call per line so lines from threads don't interleave.
public struct StandardErrorLogSink: LogSink {
    /// Creates the sink.
    public init() {}

    /// Writes the line, sanitized to one line of text, and a newline to standard error in one call.
    public func write(_ line: String) {
        writeAll(Sanitizer.sanitize(line) + "\n", to: STDERR_FILENO)
    }
}

/// Keeps log lines in memory, for tests that check what was logged.
public final class MemoryLogSink: LogSink {
    private let storage = Mutex<[String]>([])

    /// Creates an empty sink.
    public init() {}

    /// The lines written so far, oldest first.
    public var lines: [String] { storage.withLock { $0 } }

    /// Appends the line.
    public func write(_ line: String) { storage.withLock { $0.append(line) } }
}

/// A labelled logger with a minimum level: `logger.warning("…")` prints `strata[movies] warning: …`.
public struct Logger: Sendable {
    /// Who is speaking: `host` or a plugin id.
    public let label: String
    /// Messages below this level are dropped without being built.
    public let level: LogLevel
    private let sink: any LogSink

    /// Creates a logger.
    /// - Parameters:
    ///   - label: who is speaking, shown in every line.
    ///   - level: the minimum level written.
    ///   - sink: where lines go; standard error by default.
    public init(label: String, level: LogLevel = .warning, sink: any LogSink = StandardErrorLogSink()) {
        self.label = label
        self.level = level
        self.sink = sink
    }

    /// The same logger speaking for someone else.
    public func labelled(_ label: String) -> Logger { Logger(label: label, level: level, sink: sink) }

    /// Logs `message` at `level` if the logger's level lets it through.
    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard level >= self.level else { return }
        sink.write("strata[\(label)] \(level): \(message())")
    }

    /// Logs at debug level.
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    /// Logs at info level.
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    /// Logs at warning level.
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    /// Logs at error level.
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}
