import Foundation
import Glibc
import Testing

@testable import StrataHost

/// The accounting file (``HelperAccounting``) and the audit counts `plugins top` reads (``PluginAudit/counts(of:since:environment:)``).
@Suite struct HelperAccountingTests {
    let state: URL
    var environment: [String: String] { ["XDG_STATE_HOME": state.path] }

    init() throws {
        state = FileManager.default.temporaryDirectory.appendingPathComponent("strata-accounting-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    }

    func record(end: Double, cpu: Int = 1_000_000, ended: HelperAccounting.Ending = .exit) -> HelperAccounting.Record {
        .init(id: "hostile", start: end - 2, end: end, commands: 1, cpuMicroseconds: cpu, peakKilobytes: 20_480, ended: ended)
    }

    @Test func recordsAreSummedOverTheirWindowOnly() {
        let accounting = HelperAccounting(environment: environment)
        accounting.append(record(end: 1_000, cpu: 5_000_000))
        accounting.append(record(end: 2_000, cpu: 1_500_000, ended: .crash))
        accounting.append(record(end: 3_000, cpu: 500_000, ended: .cpu))
        #expect(accounting.records(of: "hostile", since: nil).count == 3)
        let recent = accounting.records(of: "hostile", since: 2_000)
        #expect(recent.map(\.end) == [2_000, 3_000])
        let row = PluginUsage(id: "hostile", isolation: IsolationSettings(), records: recent, audit: .init(crossings: 2, refusals: 1))
        #expect(row.cpuSeconds == 2 && row.activations == 2 && row.crashes == 1 && row.killedForCPU == 1 && row.wallSeconds == 4)
        #expect(row.peakMegabytes == 20 && row.crossings == 2 && row.refusals == 1 && row.unknown == nil)
    }

    /// A plugin with no figures says why: inside strata, or disabled (which runs nowhere); neither is a zero.
    @Test func aPluginWithoutFiguresSaysWhy() {
        var none = IsolationSettings()
        none.mode = .none
        let inside = PluginUsage(id: "blocks", isolation: none, records: [], audit: .init())
        #expect(inside.cpuSeconds == nil && inside.crossings == nil && inside.unknown == PluginUsage.insideStrata)
        let off = PluginUsage(id: "gpt", isolation: none, records: [], audit: .init(), disabled: true)
        #expect(off.cpuSeconds == nil && off.unknown?.hasPrefix("it is disabled (features.gpt.enabled is false)") == true, "\(off.unknown ?? "")")
        #expect(PluginUsage.notes([off], window: .all) == ["Every helper recorded; crossings and refusals from each plugin's audit log.", "gpt: ? because \(off.unknown!)."])
    }

    /// Past 1 MiB the file is renamed to `.jsonl.1` and a new one started; both are read.
    @Test func aFilePastItsSizeIsRotatedAndStillRead() throws {
        let accounting = HelperAccounting(environment: environment)
        accounting.append(record(end: 1))
        let file = accounting.file(of: "hostile").path
        #expect(truncate(file, off_t(HelperAccounting.rotationBytes)) == 0)
        accounting.append(record(end: 2))
        #expect(FileManager.default.fileExists(atPath: file + ".1"))
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0 < 1_000)
        // The padding of the old file is no record; the record before it and the one after are.
        #expect(accounting.records(of: "hostile", since: nil).map(\.end) == [1, 2])
    }

    /// Read again after each helper's line (the app's screen reads each second): what was added shows, and a
    /// file rotated away is read as the other file it now is.
    @Test func aFileIsReadAgainAsItGrowsAndRotates() throws {
        let accounting = HelperAccounting(environment: environment)
        accounting.append(record(end: 1))
        #expect(accounting.records(of: "hostile", since: nil).map(\.end) == [1])
        accounting.append(record(end: 2))
        #expect(accounting.records(of: "hostile", since: nil).map(\.end) == [1, 2])
        #expect(truncate(accounting.file(of: "hostile").path, off_t(HelperAccounting.rotationBytes)) == 0)
        accounting.append(record(end: 3))
        #expect(accounting.records(of: "hostile", since: nil).map(\.end) == [1, 2, 3])
    }

    /// A line naming another plugin, or a file someone else may write, counts for nothing.
    @Test func foreignLinesAndWritableFilesAreNotBelieved() throws {
        let accounting = HelperAccounting(environment: environment)
        var other = record(end: 1)
        other.id = "movies"
        accounting.append(record(end: 1))
        let line = try JSONEncoder().encode(other) + Data("\n".utf8)
        let handle = try FileHandle(forWritingTo: accounting.file(of: "hostile"))
        try handle.seekToEnd()
        try handle.write(contentsOf: line)
        try handle.close()
        #expect(accounting.records(of: "hostile", since: nil).count == 1)
        chmod(accounting.file(of: "hostile").path, 0o666)
        #expect(accounting.records(of: "hostile", since: nil).isEmpty)
    }

    /// A damaged line (a start of -1e308 and an end of 1e308) made the wall time infinite, which JSON can't
    /// hold: `plugins top --json` printed `null` and exited 0. Figures no helper has are not believed.
    @Test func linesWithFiguresNoHelperHasAreNotBelieved() throws {
        let accounting = HelperAccounting(environment: environment)
        accounting.append(record(end: 1_000))
        let damaged = [
            #"{"id":"hostile","start":-1e308,"end":1e308,"commands":1,"cpuMicroseconds":1,"peakKilobytes":1,"ended":"exit"}"#,
            #"{"id":"hostile","start":2000,"end":1000,"commands":1,"cpuMicroseconds":1,"ended":"exit"}"#,
            #"{"id":"hostile","start":1,"end":2,"commands":-1,"cpuMicroseconds":-9223372036854775808,"ended":"exit"}"#,
        ]
        let handle = try FileHandle(forWritingTo: accounting.file(of: "hostile"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(damaged.map { $0 + "\n" }.joined().utf8))
        try handle.close()
        let records = accounting.records(of: "hostile", since: nil)
        #expect(records == [record(end: 1_000)])
        let row = PluginUsage(id: "hostile", isolation: IsolationSettings(), records: records, audit: .init())
        #expect(row.wallSeconds == 2)
    }

    /// A SIGKILL is strata's reason when strata gave one, else a kill from elsewhere; other signals are crashes.
    @Test func endingsFromTheirStatus() {
        #expect(HelperAccounting.Ending(status: 3 << 8, requested: .exit) == .exit)
        #expect(HelperAccounting.Ending(status: SIGKILL, requested: .cpu) == .cpu)
        #expect(HelperAccounting.Ending(status: SIGKILL, requested: nil) == .killed)
        #expect(HelperAccounting.Ending(status: SIGXCPU, requested: nil) == .cpu)
        #expect(HelperAccounting.Ending(status: SIGSEGV, requested: .exit) == .crash)
    }

    @Test func auditLinesAreCountedFromTheWindowsStart() throws {
        let folder = state.appendingPathComponent("strata/audit")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o700)
        let lines = [
            #"{"time": "2026-12-05T23:59:59.999Z", "kind": "http", "refused": false, "host": "a.example"}"#,
            #"{"time": "2026-12-06T00:00:00.000Z", "kind": "file", "refused": true, "path": "/etc/passwd"}"#,
            #"{"time": "2026-12-06T12:00:00.123Z", "kind": "http", "refused": false}"#,
            "not json",
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: folder.appendingPathComponent("hostile.jsonl"))
        chmod(folder.appendingPathComponent("hostile.jsonl").path, 0o600)
        // 2026-12-06T00:00:00Z.
        let midnight = 1_796_515_200.0
        #expect(PluginAudit.counts(of: "hostile", since: Date(timeIntervalSince1970: midnight), environment: environment) == .init(crossings: 2, refusals: 1))
        #expect(PluginAudit.counts(of: "hostile", since: nil, environment: environment) == .init(crossings: 3, refusals: 1))
    }
}
