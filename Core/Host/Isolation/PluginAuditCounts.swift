import FoundationEssentials
import Glibc

/// How many of a plugin's crossings its audit log holds (`<state>/audit/<id>.jsonl` and the rotated
/// `<id>.jsonl.1`, one JSON object a line with `"time"` in ISO 8601 UTC and `"refused"`), and how many of them
/// strata refused. The one place `plugins top` reads that log.
enum PluginAuditCounts {
    struct Counts: Equatable, Sendable {
        var crossings = 0
        var refusals = 0
    }

    private struct Line: Decodable {
        var time: String
        var refused: Bool
    }

    /// The crossings of plugin `id` at or after `since` (seconds since 1970; `nil`: all).
    static func count(of id: String, since: Double?, environment: [String: String]) -> Counts {
        guard HelperAccounting.isFileName(id) else { return Counts() }
        let file = stateDirectory(environment).appendingPathComponent("audit/\(id).jsonl").path
        // ISO 8601 UTC of one form sorts as its text: the window's start with milliseconds, as the lines have.
        let from = since.map { isoTime($0) } ?? ""
        let decoder = JSONDecoder()
        var counts = Counts()
        for line in [file + ".1", file].flatMap({ jsonLines(ofPrivateFile: $0, limit: HelperAccounting.readLimit) }) {
            guard let line = try? decoder.decode(Line.self, from: Data(line)), line.time >= from else { continue }
            counts.crossings += 1
            if line.refused { counts.refusals += 1 }
        }
        return counts
    }

    /// `2026-12-06T12:00:00.123Z`.
    static func isoTime(_ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down)), parts = tm()
        gmtime_r(&time, &parts)
        let milliseconds = Int((seconds - seconds.rounded(.down)) * 1000)
        func digits(_ number: Int, _ count: Int) -> String { String(repeating: "0", count: max(0, count - String(number).count)) + String(number) }
        return "\(digits(Int(parts.tm_year) + 1900, 4))-\(digits(Int(parts.tm_mon) + 1, 2))-\(digits(Int(parts.tm_mday), 2))T"
            + "\(digits(Int(parts.tm_hour), 2)):\(digits(Int(parts.tm_min), 2)):\(digits(Int(parts.tm_sec), 2)).\(digits(milliseconds, 3))Z"
    }
}
