import FoundationEssentials
import Glibc
import StrataBase

/// One plugin's row of `strata plugins top` (and of its screen and `plugins info`): what its helpers that
/// ended in a window cost (``HelperAccounting``), its crossings (``PluginAudit/counts(of:since:environment:)``), and its limits.
/// A figure strata can't know is absent, never zero: a plugin that runs inside strata (isolation `none`)
/// shares strata's process, and its CPU time and memory are strata's own.
struct PluginUsage: Codable, Equatable {
    var id: String
    var isolation: String
    /// Helpers started (each one an activation of the plugin), commands sent to them, and their wall time.
    var activations: Int?
    var commands: Int?
    var wallSeconds: Double?
    /// User and system CPU time of its helpers, summed.
    var cpuSeconds: Double?
    /// The largest peak resident set of one of its helpers, in MiB.
    var peakMegabytes: Double?
    /// What its helpers reached through strata, and what strata refused them (its audit log); absent for a
    /// plugin inside strata, whose requests and files don't cross strata.
    var crossings: Int?
    var refusals: Int?
    var crashes: Int?
    var killedForCPU: Int?
    var killedForTime: Int?
    /// Killed from outside strata (the kernel's out-of-memory killer, the user).
    var killed: Int?
    /// Its helper's limits: CPU seconds per command and address space (`features.<id>.limits`).
    var cpuLimitSeconds: Int?
    var memoryLimitMegabytes: Int?
    /// Why the figures of its helpers are absent.
    var unknown: String?

    static let insideStrata = "it runs inside strata (isolation none): its CPU, memory and crossings can't be told from strata's own"

    /// Why a disabled plugin, which never ran here, has no figures.
    static func disabled(_ id: String) -> String { "it is disabled (features.\(id).enabled is false), so it doesn't run" }

    init(id: String, isolation: IsolationSettings, records: [HelperAccounting.Record], audit: PluginAudit.Counts, disabled: Bool = false) {
        self.id = id
        self.isolation = isolation.mode.rawValue
        if isolation.mode != .none || audit.crossings > 0 {
            (crossings, refusals) = (audit.crossings, audit.refusals)
        }
        if isolation.mode != .none {
            cpuLimitSeconds = isolation.limits.cpuSeconds
            memoryLimitMegabytes = isolation.limits.memoryMegabytes
        }
        guard isolation.mode != .none || !records.isEmpty else {
            unknown = disabled ? Self.disabled(id) : Self.insideStrata
            return
        }
        activations = records.count
        commands = records.reduce(0) { $0 &+ max(0, $1.commands) }
        wallSeconds = records.reduce(0) { $0 + max(0, $1.end - $1.start) }
        cpuSeconds = Double(records.reduce(0) { $0 &+ max(0, $1.cpuMicroseconds) }) / 1_000_000
        peakMegabytes = records.compactMap(\.peakKilobytes).max().map { Double($0) / 1024 }
        crashes = records.count { $0.ended == .crash }
        killedForCPU = records.count { $0.ended == .cpu }
        killedForTime = records.count { $0.ended == .time }
        killed = records.count { $0.ended == .killed }
        if isolation.mode == .none { unknown = Self.insideStrata + "; the figures are of its helpers before" }
    }

    /// The window the figures are summed over.
    enum Window: Equatable {
        /// Since this strata process started.
        case run
        case today
        case all

        /// Its start, in seconds since 1970 (`nil`: all).
        var since: Double? {
            switch self {
            case .run: return Self.processStart
            case .today:
                var now = time(nil), parts = tm()
                localtime_r(&now, &parts)
                parts.tm_hour = 0
                parts.tm_min = 0
                parts.tm_sec = 0
                parts.tm_isdst = -1
                return Double(mktime(&parts))
            case .all: return nil
            }
        }

        /// Which helpers it sums, as a sentence's start: `Helpers that ended today (since 00:00 local time)`.
        var description: String {
            switch self {
            case .run: "Helpers that ended since this strata started"
            case .today: "Helpers that ended today (since 00:00 local time)"
            case .all: "Every helper recorded"
            }
        }

        /// When this process started (its first read of it: strata reads it as it starts, ``markProcessStart()``).
        private static let processStart = Date().timeIntervalSince1970

        /// Fixes ``run``'s start at now.
        static func markProcessStart() { _ = processStart }
    }

    /// The row of every plugin the runner knows, for `window`, sorted by CPU time, most first (unknown last).
    static func rows(_ runner: HostRunner, window: Window) -> [PluginUsage] {
        runner.records.map {
            row(of: $0.id, isolation: runner.isolation(for: $0.id), window: window, environment: runner.context.environment, disabled: $0.state == .disabled)
        }
        .sorted { ($0.cpuSeconds ?? -1, $1.id) > ($1.cpuSeconds ?? -1, $0.id) }
    }

    /// Plugin `id`'s row for `window`, read from the state folder `environment` leads to.
    static func row(of id: String, isolation: IsolationSettings, window: Window, environment: [String: String], disabled: Bool = false) -> PluginUsage {
        let since = window.since
        return PluginUsage(
            id: id, isolation: isolation, records: HelperAccounting(environment: environment).records(of: id, since: since),
            audit: PluginAudit.counts(of: id, since: since.map { Date(timeIntervalSince1970: $0) }, environment: environment), disabled: disabled)
    }

    /// The table's header and one line per row.
    static func table(_ rows: [PluginUsage]) -> [[String]] {
        [["ID", "ISOLATION", "STARTS", "CMDS", "WALL", "CPU", "PEAK MEM", "LIMITS CPU/MEM", "CROSSINGS", "REFUSED", "CRASHES", "KILLED CPU/TIME/OTHER"]]
            + rows.map(\.cells)
    }

    /// Its cells in ``table(_:)``: `?` for what can't be known.
    var cells: [String] {
        func count(_ value: Int?) -> String { value.map(String.init) ?? "?" }
        let limits = cpuLimitSeconds.map { "\($0) s/cmd / \(HelperFailure.size(megabytes: memoryLimitMegabytes ?? 0))" } ?? "-"
        let kills = killedForCPU.map { "\($0)/\(killedForTime ?? 0)/\(killed ?? 0)" } ?? "?"
        return [
            id, isolation, count(activations), count(commands), wallSeconds.map { decimal($0, places: 1) + " s" } ?? "?",
            cpuSeconds.map { decimal($0, places: 2) + " s" } ?? "?", peakMegabytes.map { decimal($0, places: 1) + " MiB" } ?? "?", limits,
            count(crossings), count(refusals), count(crashes), kills,
        ]
    }

    /// The lines under the table: the window, and what `?` means where it shows, once for the plugins it
    /// shows for the same reason ("blocks, gpt: ? because each runs inside strata ...").
    static func notes(_ rows: [PluginUsage], window: Window) -> [String] {
        var reasons: [String] = [], ids: [String: [String]] = [:]
        for row in rows {
            guard let reason = row.unknown else { continue }
            if ids[reason] == nil { reasons.append(reason) }
            ids[reason, default: []].append(row.id)
        }
        return ["\(window.description); crossings and refusals from each plugin's audit log."]
            + reasons.map { reason in
                let group = ids[reason] ?? []
                return "\(group.joined(separator: ", ")): ? because \(group.count > 1 && reason.hasPrefix("it ") ? "each " + reason.dropFirst(3) : reason)."
            }
    }
}
