import Glibc

/// The process's environment as `strata` reads it once at start: each `NAME=value` entry split at its first
/// `=` byte, as `getenv` does; the last of two entries with one name wins, and an entry without `=` is
/// left out, as `ProcessInfo.environment` does. Read by bytes: `ProcessInfo` split each entry by
/// `Character` and grew its dictionary entry by entry, 16,000 instructions a variable on every command.
public enum ProcessEnvironment {
    /// The variables of this process.
    public static var current: [String: String] { variables(environ) }

    /// The variables of an `environ`-style list (entries, then a null pointer); bytes that aren't UTF-8
    /// come out as U+FFFD.
    static func variables(_ entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        var count = 0
        while entries[count] != nil { count += 1 }
        var variables: [String: String] = [:]
        variables.reserveCapacity(count)
        for index in 0..<count {
            let entry = UnsafeRawPointer(entries[index]!).assumingMemoryBound(to: UInt8.self)
            let bytes = UnsafeBufferPointer(start: entry, count: strlen(entries[index]!))
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
            variables[String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)] = String(
                decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
        }
        return variables
    }
}
