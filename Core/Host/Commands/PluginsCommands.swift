import FoundationEssentials
import Glibc
import StrataBase
import StrataPluginKit
import Synchronization

/// One row of `strata plugins list --json` and `plugins check --json`.
struct PluginStatus: Codable {
    var id: String
    var displayName: String?
    var version: String?
    var summary: String?
    var state: String
    var path: String
    var error: String?
    /// Whether the library is mapped into this process (from `/proc/self/maps`): never for a disabled plugin.
    var mapped: Bool?
    /// Where its code runs (`features.<id>.isolation`, or the default by where it comes from): `plugins list --json`.
    var isolation: String?
    /// How long its activation took, measured in a probe process (`plugins list --timings`).
    var timings: Timings?
    /// What it reaches beyond its data folder, by kind (`files`, `environment`, `network`, `endpoint`,
    /// `screens`): as it declares it, narrowed by the config for a drop-in in a helper (`plugins list`).
    var reaches: [String]?
    /// Whether it may run with that (``PluginApproval/state``): `approved`, `needs approval`, `needs approval
    /// again`, `too wide`, or `not needed` (it ships with strata, runs inside it, or reaches nothing more).
    var approval: String?

    /// The phases of one activation, in milliseconds.
    struct Timings: Codable {
        /// Reading the descriptor from the file.
        var read: Double
        /// `dlopen`, the ABI checks and the entry point.
        var load: Double
        /// `register(in:)`.
        var register: Double
        var total: Double { read + load + register }
    }

    init(_ record: PluginRecord) {
        id = record.id
        displayName = record.facts?.displayName
        version = record.facts?.version
        summary = record.facts?.summary
        state = record.state.rawValue
        path = record.path
        error = record.error
    }

    /// The plugins as a table: id, name, version, state, path, and the error under each failed one. With
    /// `reach`, a REACHES column too (what each reaches beyond its folder, `-` for nothing), and an enabled
    /// plugin that may not run yet shows its approval as its state (`needs approval`).
    static func table(_ statuses: [PluginStatus], reach: Bool = false) -> String {
        // Each row made as one array (joined from three, the rows of 500 plugins cost 0.7 M instructions more).
        func row(_ id: String, _ name: String, _ version: String, _ state: String, _ reaches: @autoclosure () -> String, _ path: String) -> [String] {
            reach ? [id, name, version, state, reaches(), path] : [id, name, version, state, path]
        }
        var rows = [row("ID", "NAME", "VERSION", "STATE", "REACHES", "PATH")]
        rows.reserveCapacity(statuses.count + 1)
        // Each status's fields read where they are: copying a status (a dozen references) for the loop's
        // variable, and destroying the copy, cost more than its row.
        for index in statuses.indices {
            let approval = statuses[index].approval
            let state =
                statuses[index].state == PluginRecord.State.enabled.rawValue && approval.map(PluginApproval.isHeld) == true
                ? approval! : statuses[index].state
            rows.append(
                row(
                    statuses[index].id, statuses[index].displayName ?? "-", statuses[index].version ?? "-", state,
                    statuses[index].reaches.map { $0.isEmpty ? "-" : $0.joined(separator: ",") } ?? "?", statuses[index].path))
            if let error = statuses[index].error { rows.append(row("", "", "", "", "", "↳ \(error)")) }
        }
        return Console.table(rows)
    }
}

/// `strata plugins list | check | retry` and the `__probe` they start: the plugins' states, from their
/// descriptors or from loading each one in a child process.
struct PluginsCommands {
    let runner: HostRunner
    private var context: HostContext { runner.context }

    /// `strata plugins list [--json]`: every discovered plugin with its state, from the descriptors (no
    /// plugin code runs).
    func list(json: Bool) {
        let records = runner.records
        let mapped = json ? MappedFiles.paths() : []
        let judge = runner.catalog.approvalJudge
        let statuses = records.map { record in
            var status = PluginStatus(record)
            // Judged once a plugin, and only for one that --json shows it for or that reaches beyond its folder.
            let isolation = json || record.facts?.reaches == true ? context.config.isolation(for: record.id, at: record.path) : nil
            if json {
                status.mapped = mapped.contains(record.path)
                status.isolation = isolation?.mode.rawValue
            }
            // What the catalog keeps says what each reaches; only a drop-in that reaches beyond its folder, in a
            // helper, has its descriptor parsed here, to be judged (and narrowed by the config).
            if let facts = record.facts {
                status.reaches = facts.reach
                status.approval = PluginApproval.notNeeded("").state
                if facts.reaches, let isolation, judge.exemption(path: record.path, isolation: isolation) == nil {
                    if judge.plainlyNeedsApproval(record.id, reach: facts.reach, isolation: isolation) {
                        status.approval = PluginApproval.needed([]).state
                    } else if let descriptor = record.descriptor {
                        status.reaches = PluginGrant.kinds(
                            of: descriptor.grants(capabilities: isolation.capabilities(declared: descriptor.capabilities).capabilities))
                        status.approval = judge.judge(record.id, path: record.path, descriptor: descriptor, isolation: isolation).state
                    }
                }
            }
            return status
        }
        if json {
            Console.writeJSON(statuses)
        } else if statuses.isEmpty {
            let folders = context.pluginDirectories
            Console.writeLine(
                folders.isEmpty
                    ? "No plugin folders are configured (`pluginDirectories` in \(context.config.source) is empty)."
                    : "No plugins found in \(folders.joined(separator: ", ")).")
        } else {
            Console.write(PluginStatus.table(statuses, reach: true))
        }
    }

    /// `strata plugins top [--window today|all] [--json]`: what each plugin's helpers cost (``PluginUsage``),
    /// most CPU time first.
    func top(window: PluginUsage.Window, json: Bool) {
        let rows = PluginUsage.rows(runner, window: window)
        if json {
            struct Top: Encodable {
                let window: String
                let since: Double?
                let plugins: [PluginUsage]
            }
            Console.writeJSON(Top(window: window == .all ? "all" : "today", since: window.since, plugins: rows))
        } else if rows.isEmpty {
            Console.writeLine("No plugins found, so there is nothing to account for.")
        } else {
            Console.write(Console.table(PluginUsage.table(rows)) + "\n" + PluginUsage.notes(rows, window: window).joined(separator: "\n") + "\n")
        }
    }

    /// `strata plugins check [--json] [--timeout SECONDS]`: loads each enabled plugin in a child `strata` so
    /// that one that crashes or hangs can't take the host down, and reports ok / failed / crashed / timed out
    /// per plugin. Exit 1 if any plugin is not ok.
    func check(json: Bool, timeout: Double) throws(CommandExit) {
        var results: [PluginStatus] = []
        for record in runner.records {
            // A plugin that crashed before is probed again: the probe is where trying it is safe.
            guard [.enabled, .crashed, .timedOut].contains(record.state) else {
                results.append(PluginStatus(record))
                continue
            }
            results.append(runner.helperCommand(for: record.id).map { check(record, in: $0) } ?? probe(record, timeout: timeout))
        }
        if json {
            Console.writeJSON(results)
        } else {
            Console.write(
                PluginStatus.table(
                    results.map { status in
                        var shown = status
                        if status.state == PluginRecord.State.loaded.rawValue { shown.state = "ok" }
                        return shown
                    }))
        }
        try CommandExit.unless(!results.contains { ["failed", "crashed", PluginProbe.timedOut].contains($0.state) })
    }

    /// `strata plugins retry ID`: forgets the plugin's crash, so that the next command tries it again.
    func retry(id: String) throws(CommandExit) {
        guard let record = runner.records.first(where: { $0.id == id }) else {
            Console.error("no plugin '\(id)' in \(context.pluginDirectories.joined(separator: ", ")). Run `strata plugins list`.")
            throw .failure
        }
        guard CrashJournal.forget(id, in: context.crashes) else {
            Console.writeLine("\(id) has no crash on record (its state: \(record.state.rawValue)); nothing to retry.")
            return
        }
        Console.writeLine("Forgot that \(id) \(record.state == .timedOut ? "timed out" : "crashed"); the next command that uses it tries it again.")
    }

    /// `plugins check` of a plugin that runs in a helper: its helper starts (it sandboxes itself and opens the
    /// plugin) and is ended. Neither strata nor a probe opens it. (A hang is ended by the helper's own load
    /// watchdog, not by `--timeout`.)
    private func check(_ record: PluginRecord, in helper: HelperCommand) -> PluginStatus {
        var status = PluginStatus(record)
        do {
            try helper.start().stop()
            status.state = PluginRecord.State.loaded.rawValue
        } catch {
            status.state = error.refused ? PluginRecord.State.failed.rawValue : error.timedOut ? PluginProbe.timedOut : "crashed"
            status.error = error.description
        }
        return status
    }

    /// Runs `strata __probe ID` and reads its one JSON line; a child killed by a signal is "crashed", and one
    /// still running after `timeout` seconds is killed and "timed out".
    private func probe(_ plugin: PluginRecord, timeout: Double) -> PluginStatus {
        var status = PluginStatus(PluginRecord(id: plugin.id, path: plugin.path, state: .failed, error: nil, described: plugin.described))
        let process: ChildProcess
        do {
            // A crash is the expected outcome here; skip the seconds the Swift backtracer would spend on it.
            process = try ChildProcess.strata(
                arguments: context.options.forwarded + ["__probe", plugin.id],
                environment: context.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 },
                output: .capturedWithoutErrors)
        } catch {
            status.error = "can't start a probe process: \(error)"
            return status
        }
        var report: [UInt8] = []
        guard process.readOutput(until: .now + .seconds(timeout), { report += $0 }) else {
            // A child of the probe may hold the pipe open: the probe itself is what is stopped.
            kill(process.pid, SIGKILL)
            _ = process.wait()
            // Its "activating" entry is no crash: the next command gives the plugin its own deadline.
            CrashJournal.forget(plugin.id, in: context.crashes)
            status.state = PluginProbe.timedOut
            status.error =
                "still loading after \(secondsText(timeout)), so the probe was stopped: its library's constructor or "
                + "its registration does not return. If it is only slow, give it longer with \(PluginsCheckCommand.name(\.timeout))."
            return status
        }
        let ending = process.wait()
        if Supervisor.isSignalled(ending) {
            status.state = "crashed"
            status.error =
                "the plugin crashed the probe process with signal \(signalName(Supervisor.terminatingSignal(ending))) while loading; the host kept running"
            return status
        }
        guard let line = String(decoding: report, as: UTF8.self).split(separator: "\n").last,
            let reported = try? JSONDecoder().decode(PluginStatus.self, from: Data(line.utf8))
        else {
            status.error = "the probe process exited with code \(Supervisor.exitStatus(ending)) without a report"
            return status
        }
        return reported
    }

    /// `strata __probe ID`: loads one plugin (and its dependencies) and prints its record as JSON.
    func probeMode(id: String) -> Int32 {
        let loader = runner.activate([id])
        guard let record = loader.records.first(where: { $0.id == id }) else {
            Console.writeLine(#"{"id":"\#(id)","path":"","state":"failed","error":"not found"}"#)
            return 1
        }
        var status = PluginStatus(record)
        if let load = record.loadTime, let register = record.registerTime {
            let start = ContinuousClock.now
            _ = try? PluginDescriptorReader.read(libraryAt: record.path)
            status.timings = PluginStatus.Timings(
                read: Self.milliseconds(.now - start), load: Self.milliseconds(load),
                register: Self.milliseconds(register))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        Console.writeLine(String(decoding: (try? encoder.encode(status)) ?? Data(), as: UTF8.self))
        return 0
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    /// `strata plugins list --timings [--json]`: activates each usable plugin in a probe process, or in its
    /// helper when it runs in one (no probe may open it), and shows how long reading its descriptor, loading
    /// it and registering it took, slowest first.
    func timings(json: Bool) {
        let results = runner.records.map { record in
            guard record.state == .enabled else { return PluginStatus(record) }
            return runner.isolation(for: record.id).mode == .none ? probe(record, timeout: PluginProbe.defaultTimeout) : timedInHelper(record)
        }.sorted { ($0.timings?.total ?? -1) > ($1.timings?.total ?? -1) }
        if json {
            Console.writeJSON(results)
            return
        }
        func format(_ value: Double?) -> String { value.map { decimal($0, places: 2) } ?? "-" }
        var rows = [["ID", "READ ms", "LOAD ms", "REGISTER ms", "TOTAL ms", "STATE"]]
        for status in results {
            let timings = status.timings
            rows.append([
                status.id, format(timings?.read), format(timings?.load), format(timings?.register), format(timings?.total),
                status.state == PluginRecord.State.loaded.rawValue ? "ok" : status.state,
            ])
            if let error = status.error { rows.append(["", "", "", "", "", "↳ \(error)"]) }
        }
        Console.write(
            Console.table(rows)
                + "Each plugin was activated in a child process of its own (its helper, for one that runs in a helper), "
                + "with its dependencies (not counted).\n")
    }

    /// Starts the helper of `record`'s plugin, which loads and registers it and says how long that took in
    /// its handshake (``HelperHello``), and ends it; strata reads the descriptor itself, as the probe does.
    private func timedInHelper(_ record: PluginRecord) -> PluginStatus {
        var status = PluginStatus(record)
        guard let launch = runner.helperLaunch(for: record.id) else {
            status.error = "its descriptor can't be read, so its helper can't start"
            return status
        }
        let helper: PluginHelper
        do {
            helper = try PluginHelper.start(launch)
        } catch {
            status.state = error.timedOut ? PluginProbe.timedOut : PluginRecord.State.failed.rawValue
            status.error = error.description
            return status
        }
        let times = helper.loadTimes
        helper.stop()
        let start = ContinuousClock.now
        _ = try? PluginDescriptorReader.read(libraryAt: record.path)
        let read = ContinuousClock.now - start
        status.state = PluginRecord.State.loaded.rawValue
        status.timings = times.map {
            PluginStatus.Timings(read: Self.milliseconds(read), load: Self.milliseconds($0.load), register: Self.milliseconds($0.register))
        }
        return status
    }
}

/// `SIGILL (4)` for 4.
func signalName(_ number: Int32) -> String {
    let names: [Int32: String] = [
        1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT",
        7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 13: "SIGPIPE", 15: "SIGTERM",
    ]
    return "\(names[number] ?? "signal") (\(number))"
}

/// How `plugins check` bounds each probe.
enum PluginProbe {
    static let defaultTimeout = 10.0
    /// The state of a probe that didn't finish in time.
    static let timedOut = "timed out"
}
