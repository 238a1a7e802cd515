import Foundation
import Glibc
import Synchronization
import Testing
@testable import StrataHost

/// The crash journal's two rules without a crash: which signals blame the armed plugin, and when an
/// "activating" entry left behind counts as a crash.
@Suite struct CrashJournalTests {
    /// A new journal folder, and a file in it standing for plugin `name`'s library.
    func journal(plugin name: String) throws -> (folder: URL, library: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let library = folder.appendingPathComponent("lib\(name)Plugin.so")
        try Data("not really a library".utf8).write(to: library)
        return (folder, library)
    }

    /// A fault of the process (si_code > 0) or a signal it sent itself blames the plugin; one another
    /// process sent does not.
    @Test func onlyASignalTheProcessRaisedItselfBlamesThePlugin() {
        func raised(code: Int32, pid: pid_t) -> Bool {
            var info = siginfo_t()
            info.si_code = code
            if code <= 0 { info._sifields._kill.si_pid = pid }
            return withUnsafePointer(to: &info) { CrashHandler.raisedByThisProcess($0) }
        }
        let other = getppid()
        #expect(raised(code: 1, pid: 0), "SEGV_MAPERR: a bad access")
        #expect(raised(code: 0x80, pid: 0), "SI_KERNEL")
        #expect(!raised(code: 0, pid: other), "SI_USER: kill from another process")
        #expect(!raised(code: -6, pid: other), "SI_TKILL: tgkill from another process")
        #expect(raised(code: -6, pid: getpid()), "SI_TKILL from this process: abort()")
    }

    /// An entry held (an `flock` its writer keeps until the activation returns) is a plugin loading now, whatever
    /// pid it names: every helper is pid 2 of its own namespace, so another helper's entry names this one's pid.
    /// One nobody holds was left by a process that ended inside the activation.
    @Test func anActivatingEntryIsACrashOnlyOnceNoProcessHoldsIt() throws {
        let (folder, library) = try journal(plugin: "X")
        defer { try? FileManager.default.removeItem(at: folder) }
        let identity = try #require(FileIdentity(path: library.path))
        let file = folder.appendingPathComponent("x.json")
        let record = CrashJournal.Record(id: "x", path: library.path, size: identity.size, modified: identity.modified,
                                         inode: identity.inode, signal: 0, time: 0, phase: .activating, pid: getpid())
        try JSONEncoder().encode(record).write(to: file)

        // Another helper, with this process's pid in its own namespace, is loading it right now: it holds the entry.
        let holder = open(file.path, O_RDONLY)
        #expect(flock(holder, LOCK_SH) == 0)
        #expect(CrashJournal.record(for: "x", path: library.path, in: folder) == nil)

        // Its process is gone (and with it the lock): the entry was never cleared, so that run ended inside the
        // plugin's activation.
        close(holder)
        let crash = try #require(CrashJournal.record(for: "x", path: library.path, in: folder))
        #expect(crash.phase == .activating)
        let reason = PluginFailure.crashed(crash).description
        #expect(reason.contains("strata ended while loading it") && reason.contains("never cleared"), "\(reason)")
        #expect(reason.contains("strata plugins retry x"))
    }

    /// The entry this process writes before an activation is held until the activation is forgotten.
    @Test func theEntryOfAnActivationIsHeldUntilItIsForgotten() throws {
        let (folder, library) = try journal(plugin: "Y")
        defer { try? FileManager.default.removeItem(at: folder) }
        CrashJournal.activating("y", path: library.path, in: folder)
        LoadWatchdog.stop()
        CrashJournal.disarm()
        let entry = open(folder.appendingPathComponent("y.json").path, O_RDONLY)
        defer { close(entry) }
        #expect(flock(entry, LOCK_EX | LOCK_NB) != 0, "held while the activation runs")
        #expect(CrashJournal.forget("y", in: folder))
        #expect(flock(entry, LOCK_EX | LOCK_NB) == 0, "let go once it returned")
    }

    /// Another strata reading the journal while this one activates the plugin again and again never takes a
    /// load in progress, or one just ended, for a crash. Before, the entry was renamed into place and only then
    /// opened and locked, and a reader looked its name up twice (to read it, then to test its lock): in either
    /// gap it found the entry unheld, and quarantined a plugin that had not crashed.
    @Test func aReaderNeverTakesALoadInProgressOrJustEndedForACrash() throws {
        let (folder, library) = try journal(plugin: "Z")
        defer { try? FileManager.default.removeItem(at: folder) }
        let done = Atomic<Bool>(false)
        let writer = Thread {
            for _ in 0..<3_000 {
                CrashJournal.activating("z", path: library.path, in: folder)
                LoadWatchdog.stop()
                CrashJournal.disarm()
                CrashJournal.forget("z", in: folder)
            }
            done.store(true, ordering: .releasing)
        }
        writer.start()
        var reads = 0, crashes = 0
        while !done.load(ordering: .acquiring) {
            reads += 1
            if CrashJournal.record(for: "z", path: library.path, in: folder) != nil { crashes += 1 }
        }
        #expect(crashes == 0, "\(crashes) of \(reads) reads took a load in progress for a crash")
        #expect(reads > 100, "the reader ran alongside the writer")
    }
}

/// The journal writes its records' JSON itself (the signal handler can't encode, and `JSONEncoder`'s first
/// use cost more than the rest of an activation's journal): whatever a path holds, it reads back.
@Suite struct CrashJournalEntryTests {
    @Test func anActivatingEntryReadsBackWhateverItsPathHolds() throws {
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("strata-entry-\(UUID().uuidString)")
        try Data("seven b".utf8).write(to: library)
        defer { try? FileManager.default.removeItem(at: library) }
        let identity = try #require(FileIdentity(path: library.path))
        for path in ["/plain/libXPlugin.so", #"/q"uote\back\\slash/libXPlugin.so"#, "/tab\there/new\nline/\u{1}\u{1F}/é 字/libXPlugin.so"] {
            let entry = CrashJournal.activatingEntry(
                prefix: CrashJournal.recordPrefix(id: "x\"y", path: path, identity: identity), time: 1_795_000_000, pid: 4242)
            let record = try JSONDecoder().decode(CrashJournal.Record.self, from: Data(entry.utf8))
            #expect(
                record
                    == CrashJournal.Record(
                        id: "x\"y", path: path, size: 7, modified: identity.modified, inode: identity.inode, signal: 0, time: 1_795_000_000,
                        phase: .activating, pid: 4242), "\(entry)")
            #expect(entry.hasSuffix("}\n") && !entry.dropLast().contains("\n"))
        }
    }
}
