import Foundation
import Glibc
import StrataPluginKit
import Testing
@testable import StrataHost

/// The audit file: written by strata one line per crossing (0600, in a folder of 0700), rotated past 1 MiB,
/// read back through one descriptor; never a key, a query or a body. `--learn` turns it into capabilities.
@Suite struct PluginAuditTests {
    /// A state folder of its own, removed after.
    final class State {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("strata-audit-\(UUID().uuidString)")
        var environment: [String: String] { ["XDG_STATE_HOME": root.path, "HOME": "/home/ada"] }
        var log: PluginAuditLog { PluginAuditLog(pluginID: "x", environment: environment) }
        deinit { try? FileManager.default.removeItem(at: root) }
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }

    @Test func eachCrossingIsOneLineInTheAgreedShapeReadBackInOrder() throws {
        let state = State()
        state.log.record(.init(kind: .http, refused: false, host: "api.example.com", port: 443, method: "GET", path: "/3/search"))
        state.log.record(.init(kind: .variable, refused: false, name: "TMDB_API_KEY"))
        let text = try String(contentsOf: state.log.file, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2 && text.hasSuffix("\n"))
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(first?["kind"] as? String == "http" && first?["refused"] as? Bool == false && first?["host"] as? String == "api.example.com")
        let time = first?["time"] as? String ?? ""
        #expect(time.count == 24 && time.hasSuffix("Z") && time.contains("."), "ISO 8601 UTC with milliseconds: \(time)")
        #expect(Self.mode(state.log.file.path) == 0o600 && Self.mode(state.log.directory.path) == 0o700)
        let entries = PluginAudit.entries(of: "x", environment: state.environment)
        #expect(entries.map(\.kind) == [.http, .variable] && entries[1].name == "TMDB_API_KEY")
        #expect(PluginAudit.entries(of: "x", since: Date(timeIntervalSinceNow: 60), environment: state.environment).isEmpty)
        #expect(PluginAudit.entries(of: "x", since: Date(timeIntervalSinceNow: -60), environment: state.environment).count == 2)
    }

    @Test func aFullFileIsRenamedAndANewOneStarted() throws {
        let state = State()
        state.log.record(.init(kind: .variable, refused: false, name: "OLD"))
        let handle = try FileHandle(forWritingTo: state.log.file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "\n"), count: PluginAudit.rotateBytes))
        try handle.close()
        state.log.record(.init(kind: .variable, refused: false, name: "NEW"))
        #expect(try String(contentsOf: state.log.file, encoding: .utf8).split(separator: "\n").count == 1)
        #expect(FileManager.default.fileExists(atPath: state.log.file.path + ".1"))
        #expect(PluginAudit.entries(of: "x", environment: state.environment).map(\.name) == ["OLD", "NEW"], "both files are read, oldest first")
    }

    @Test func linesThatArentEntriesAndFilesOthersCanWriteAreNotBelieved() throws {
        let state = State()
        state.log.record(.init(kind: .variable, refused: false, name: "A"))
        let handle = try FileHandle(forWritingTo: state.log.file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("not json\n{\"kind\":\"nuke\"}\n".utf8))
        try handle.close()
        #expect(PluginAudit.entries(of: "x", environment: state.environment).map(\.name) == ["A"])
        chmod(state.log.file.path, 0o666)
        #expect(PluginAudit.entries(of: "x", environment: state.environment).isEmpty)
    }

    /// An audit that shows nothing says so when that is because a file of it was refused, and strata doesn't
    /// go on appending to a file it won't read back.
    @Test func aFileThatIsntReadSaysWhyAndIsntWrittenEither() throws {
        let state = State()
        state.log.record(.init(kind: .variable, refused: false, name: "A"))
        try Data("not json\n".utf8).write(to: URL(fileURLWithPath: state.log.file.path + ".1"))
        chmod(state.log.file.path + ".1", 0o600)
        var reading = PluginAudit.read(of: "x", environment: state.environment)
        #expect(reading.entries.map(\.name) == ["A"] && reading.skippedLines == 1 && reading.unread.isEmpty)

        chmod(state.log.file.path, 0o620)
        state.log.record(.init(kind: .variable, refused: false, name: "B"))
        chmod(state.log.file.path, 0o600)
        #expect(PluginAudit.entries(of: "x", environment: state.environment).map(\.name) == ["A"], "appended to a file others could write")
        chmod(state.log.file.path, 0o620)
        reading = PluginAudit.read(of: "x", environment: state.environment)
        #expect(reading.entries.isEmpty && reading.unread == [state.log.file.path + " is writable by others, so it isn't believed (chmod 600 it, or remove it)"], "\(reading.unread)")

        try FileManager.default.removeItem(at: state.log.file)
        try FileManager.default.createSymbolicLink(atPath: state.log.file.path, withDestinationPath: state.log.file.path + ".1")
        #expect(PluginAudit.read(of: "x", environment: state.environment).unread.last?.hasSuffix("is a symbolic link, which strata doesn't follow") == true)
    }

    @Test func aRequestIsRecordedWithoutItsQueryOrAKeyInItsPath() {
        let network = HelperNetwork(pluginID: "movies", capabilities: .init(network: ["api.example.com"]), secrets: ["0123456789abcdef"]) { nil }
        let query = HelperFetch(id: 1, url: "https://api.example.com/3/search?api_key=0123456789abcdef&q=alien")
        let sent = network.entry(query, network.request(for: query))
        #expect(sent.path == "/3/search" && sent.host == "api.example.com" && sent.port == 443 && !sent.refused)
        let inPath = HelperFetch(id: 2, url: "https://evil.example/k/0123456789abcdef")
        let refused = network.entry(inPath, network.request(for: inPath))
        #expect(refused.refused && refused.path?.contains("0123456789abcdef") == false && refused.reason?.contains("didn't declare") == true)
        let method = HelperFetch(id: 4, url: "https://api.example.com/", method: "GET 0123")
        #expect(network.entry(method, network.request(for: method)).method == "?", "a method is a word of capitals, or not kept")
        let notURL = HelperFetch(id: 3, url: "ftp://x?0123456789abcdef")
        #expect(network.entry(notURL, network.request(for: notURL)).reason == "it is not an http(s) URL")
    }

    /// A screen's ask: the user's answer is a prompt entry (allowed, denied), a file given again without asking
    /// and one refused unasked are file entries.
    @Test func aScreensAsksAndTheUsersAnswersAreRecorded() throws {
        let state = State()
        let folder = URL(fileURLWithPath: realPath(try HelperFileGrantsTests.temporaryFolder().path)!)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("four".utf8).write(to: folder.appendingPathComponent("lake.gpx"))
        let grants = HelperFileGrants(helperWritable: [data.path], workingDirectory: folder.path, home: nil, audit: state.log)
        let lake = folder.path + "/lake.gpx"
        guard case .ask = grants.receive(HelperFileGrantsTests.ask(1, "lake.gpx")) else { Issue.record("not asked"); return }
        _ = grants.answer(allow: false)
        guard case .ask = grants.receive(HelperFileGrantsTests.ask(2, "lake.gpx")) else { Issue.record("not asked again"); return }
        if let descriptor = grants.answer(allow: true)?.descriptor { close(descriptor) }
        if case .answer(_, let descriptor?) = grants.receive(HelperFileGrantsTests.ask(3, "lake.gpx")) { close(descriptor) }
        _ = grants.receive(HelperFileGrantsTests.ask(4, "data/planted.gpx"))
        let entries = PluginAudit.entries(of: "x", environment: state.environment)
        try #require(entries.map(\.kind) == [.prompt, .prompt, .file, .file])
        #expect(entries[0].answer == "denied" && entries[0].refused && entries[0].path == lake)
        #expect(entries[1].answer == "allowed" && !entries[1].refused)
        #expect(entries[2].how == "again" && !entries[2].refused && entries[2].write == false)
        #expect(entries[3].refused && entries[3].path == data.path + "/planted.gpx" && entries[3].reason?.contains("which the plugin can write") == true)
    }

    /// Lines appended at once from many threads stay whole: one write per line on an O_APPEND descriptor.
    @Test func linesWrittenAtOnceStayWhole() {
        let state = State()
        let log = state.log
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            log.record(.init(kind: .http, refused: false, host: "h\(index).example", port: 443, method: "GET", path: "/" + String(repeating: "p", count: 900)))
        }
        #expect(Set(PluginAudit.entries(of: "x", environment: state.environment).compactMap(\.host)).count == 200)
    }

    /// A lock another process holds (a strata that hangs) costs a line, not the plugin's command. The line is
    /// recorded on a thread of its own, so that a recorder that waits for the lock fails the test rather than
    /// hanging it (a time limit on the test would also count the time it waits for a thread of the test pool).
    @Test func aLockHeldElsewhereDropsTheLineInsteadOfWaiting() throws {
        let state = State()
        let log = state.log
        log.record(.init(kind: .variable, refused: false, name: "A"))
        let holder = open(log.file.path, O_RDONLY | O_CLOEXEC)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        let recorded = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            log.record(.init(kind: .variable, refused: false, name: "B"))
            recorded.signal()
        }
        let returned = recorded.wait(timeout: .now() + 30) == .success
        #expect(returned, "the recorder waited for a lock held elsewhere")
        flock(holder, LOCK_UN)
        if !returned { recorded.wait() }
        state.log.record(.init(kind: .variable, refused: false, name: "C"))
        #expect(PluginAudit.entries(of: "x", environment: state.environment).map(\.name) == ["A", "C"])
    }

    @Test(arguments: [("10m", 600.0), ("2h", 7_200), ("1d", 86_400), ("30s", 30)])
    func durationsInTheirUnits(text: String, seconds: Double) { #expect(PluginAudit.duration(text) == seconds) }

    @Test(arguments: ["", "m", "10", "-5m", "0m", "1.5h", "10 m", "99999999999d", "١٠m"])
    func notADuration(text: String) { #expect(PluginAudit.duration(text) == nil) }

    @Test func learningGivesTheHostsPortsVariablesAndFoldersUsedAndNothingElse() {
        let entries: [PluginAudit.Entry] = [
            .init(kind: .http, refused: false, host: "127.0.0.1", port: 8080, method: "GET", path: "/a"),
            .init(kind: .http, refused: true, host: "localhost", port: 8080, method: "GET", path: "/b"),
            .init(kind: .http, refused: false, host: "127.0.0.1", port: 8080, method: "POST", path: "/c"),
            .init(kind: .variable, refused: false, name: "KEY"),
            .init(kind: .file, refused: false, path: "/home/ada/in.gpx", write: false, how: "argument"),
            .init(kind: .file, refused: true, path: "/srv/out/run.gpx", write: true, how: "written"),
            .init(kind: .file, refused: false, path: "/srv", write: true, how: "folder"),
            .init(kind: .socket, refused: false, host: "127.0.0.1", port: 9, endpoint: "connect"),
        ]
        let (capabilities, notes) = PluginAudit.learned(from: entries)
        #expect(capabilities.network == ["127.0.0.1:8080", "localhost:8080"])
        #expect(capabilities.environment == ["KEY"])
        #expect(capabilities.files == [.init(path: "/srv", write: true)], "/srv/out is inside /srv; a file given needs no capability")
        #expect(capabilities.problems.isEmpty)
        #expect(notes.contains { $0.contains("Sockets") } && notes.contains { $0.contains("command line") })
        #expect(notes.last == "It allows what strata refused this plugin (/srv/out, localhost:8080): take out what it shouldn't reach before you paste it.", "\(notes)")
    }
}
