import Foundation
import Glibc
import StrataBase
import StrataHosting
import StrataPluginKit
import Testing
@testable import StrataHost

/// A file typed in a helper's screen: where the typed path leads, the judgement of the file, the bounds of
/// an ask, strata's prompt (one at a time, no asking after three denials), and the helper's copy.
@Suite struct HelperFileGrantsTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-grants-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func ask(_ id: UInt32, _ path: String, extensions: [String] = []) -> HelperFileAsk {
        HelperFileAsk(id: id, path: path, purpose: "a track to run", extensions: extensions)
    }

    /// The ask as strata reads it off the wire (``HelperToHostMessage``), `nil` when it is not one within the bounds.
    static func wired(_ ask: HelperFileAsk) -> HelperFileAsk? {
        guard case .fileAsk(let read)? = try? HelperToHostMessage(HelperToHostMessage.fileAsk(ask).frame) else { return nil }
        return read
    }

    @Test func aTypedPathIsResolvedAsWrittenFromTheHomeOrWorkingFolder() {
        #expect(UserFileOpening.resolved("~/runs/lake.gpx", workingDirectory: "/w", home: "/home/u") == "/home/u/runs/lake.gpx")
        #expect(UserFileOpening.resolved("runs/../lake.gpx", workingDirectory: "/w/x", home: nil) == "/w/x/lake.gpx")
        #expect(UserFileOpening.resolved("/a/./b//c", workingDirectory: "/w", home: nil) == "/a/b/c")
        #expect(UserFileOpening.resolved("../../../..", workingDirectory: "/w", home: nil) == "/")
        #expect(UserFileOpening.resolved("~other/x", workingDirectory: "/w", home: "/home/u") == "/w/~other/x")
    }

    @Test func onlyTheExtensionsAskedForAreTaken() {
        #expect(UserFileOpening.extensionProblem("/r/Lake.GPX", extensions: ["gpx"]) == nil)
        #expect(UserFileOpening.extensionProblem("/r/lake.txt", extensions: []) == nil)
        #expect(UserFileOpening.extensionProblem("/r/lake.txt", extensions: ["gpx"]) == "the plugin takes .gpx files only. Name such a file.")
        #expect(UserFileOpening.extensionProblem("/r/gpx", extensions: ["gpx"]) != nil)
    }

    @Test func onlyARegularFileWithinTheBoundIsOpenedAndAFIFODoesntHold() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("lake.gpx"), fifo = folder.appendingPathComponent("fifo")
        try Data("four".utf8).write(to: file)
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(UserFileOpening.open(folder.path, maximumBytes: 10) == .failure(.unreadable(path: folder.path, reason: "it is a folder. Name a file.")))
        #expect(
            UserFileOpening.open(fifo.path, maximumBytes: 10)
                == .failure(.unreadable(path: fifo.path, reason: "it is not a regular file (a device, a pipe or a socket). Name a file.")))
        #expect(UserFileOpening.open(file.path, maximumBytes: 3) == .failure(.tooLarge(path: file.path, maximumBytes: 3)))
        let missing = folder.appendingPathComponent("missing").path
        #expect(UserFileOpening.open(missing, maximumBytes: 10) == .failure(.unreadable(path: missing, reason: "no such file or directory. Check the path.")))
        let descriptor = try UserFileOpening.open(file.path, maximumBytes: 4).get()
        #expect(fcntl(descriptor, F_GETFL) & O_NONBLOCK == 0, "blocking again once judged")
        close(descriptor)
    }

    @Test func anAskOutsideTheBoundsIsNotRead() {
        #expect(Self.wired(Self.ask(1, "~/lake.gpx", extensions: ["gpx"]))?.path == "~/lake.gpx")
        let tooLong = String(repeating: "a", count: UserFileOpening.maximumPathBytes + 1)
        for path in [tooLong, "", "lake\0.gpx"] { #expect(Self.wired(Self.ask(1, path)) == nil) }
        #expect(Self.wired(HelperFileAsk(id: 1, path: "x", purpose: String(repeating: "p", count: 201), extensions: [])) == nil)
        #expect(Self.wired(Self.ask(1, "x", extensions: Array(repeating: "gpx", count: 9))) == nil)
        #expect(Self.wired(Self.ask(1, "x", extensions: ["g/x"])) == nil)
        for payload in ["{\"id\":1,\"path\":\"x\",\"purpose\":\"\(String(repeating: " ", count: 17000))\"}", "not json"] {
            #expect(throws: HelperWire.Problem.self) { try HelperToHostMessage(HelperWire.Frame(.fileAsk, Array(payload.utf8))) }
        }
    }

    @Test func oneAskAtATimeAndNoneAfterThreeDenials() throws {
        let grants = HelperFileGrants(helperWritable: [], workingDirectory: "/w", home: "/home/u")
        #expect(grants.receive(Self.ask(1, "~/lake.gpx")) == .ask(.init(id: 1, path: "/home/u/lake.gpx", purpose: "a track to run")))
        guard case .answer(let busy, _) = grants.receive(Self.ask(2, "other.gpx")), case .refused? = busy.refusal else {
            Issue.record("a second ask while the prompt is up is refused")
            return
        }
        #expect(busy.id == 2 && grants.pending?.id == 1, "the first stays up")
        for id in UInt32(3)...4 {
            let denied = try #require(grants.answer(allow: false))
            #expect(denied.descriptor == nil && denied.answer.error == .denied(path: denied.answer.path))
            _ = grants.receive(Self.ask(id, "lake.gpx"))
        }
        // The third denial was the last asked: the fourth ask is refused, and no prompt comes up.
        let denied = try #require(grants.answer(allow: false))
        #expect(denied.answer.error == .denied(path: "/w/lake.gpx"))
        guard case .answer(let unasked, _) = grants.receive(Self.ask(6, "lake.gpx")) else {
            Issue.record("refused without asking")
            return
        }
        #expect(unasked.error?.description.contains("strata asks no more") == true && grants.pending == nil)
        #expect(grants.answer(allow: true) == nil, "no prompt is up to allow")
        #expect(throws: HelperWire.Problem.self) { try HelperToHostMessage(HelperWire.Frame(.fileAsk, Array("{}".utf8))) }
    }

    /// A file the user allowed is given again without asking while the screen is open (Running's form checks
    /// a run, then starts it again): opened afresh each time; another file is still asked for.
    @Test func aFileAllowedOnceIsGivenAgainUnasked() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("four".utf8).write(to: folder.appendingPathComponent("lake.gpx"))
        let grants = HelperFileGrants(helperWritable: [], workingDirectory: folder.path, home: nil)
        #expect(grants.receive(Self.ask(1, "lake.gpx")) == .ask(.init(id: 1, path: folder.path + "/lake.gpx", purpose: "a track to run")))
        let allowed = try #require(grants.answer(allow: true))
        #expect(allowed.answer.error == nil)
        allowed.descriptor.map { _ = close($0) }
        guard case .answer(let again, let descriptor) = grants.receive(Self.ask(2, "./lake.gpx")) else {
            Issue.record("the file allowed was asked for again")
            return
        }
        #expect(again.id == 2 && again.error == nil && grants.pending == nil)
        var bytes = [UInt8](repeating: 0, count: 8)
        #expect(descriptor.map { read($0, &bytes, bytes.count) } == 4 && bytes.prefix(4) == Array("four".utf8)[...], "opened afresh")
        descriptor.map { _ = close($0) }
        #expect(grants.receive(Self.ask(3, "other.gpx")) == .ask(.init(id: 3, path: folder.path + "/other.gpx", purpose: "a track to run")))
    }

    /// A grant is the file, not its name. (Before, grants were kept by path: the plugin asked for a track, the
    /// user allowed it, the plugin swapped the name for a link to the user's key and asked again, and strata
    /// sent the key unasked; and the prompt showed the link's own path, not what it led to.)
    @Test func aNameSwappedForALinkIsAskedForAgainShowingWhereItLeads() throws {
        let folder = URL(fileURLWithPath: realPath(try Self.temporaryFolder().path)!)
        defer { try? FileManager.default.removeItem(at: folder) }
        let track = folder.appendingPathComponent("lake.gpx"), key = folder.appendingPathComponent("id_rsa")
        try Data("four".utf8).write(to: track)
        try Data("SECRET".utf8).write(to: key)
        let grants = HelperFileGrants(helperWritable: [], workingDirectory: folder.path, home: nil)
        #expect(grants.receive(Self.ask(1, "lake.gpx")) == .ask(.init(id: 1, path: track.path, purpose: "a track to run")))
        let allowed = try #require(grants.answer(allow: true))
        allowed.descriptor.map { _ = close($0) }
        try FileManager.default.removeItem(at: track)
        try FileManager.default.createSymbolicLink(atPath: track.path, withDestinationPath: key.path)
        guard case .ask(let prompt) = grants.receive(Self.ask(2, "lake.gpx")) else {
            Issue.record("the swapped name was given without asking")
            return
        }
        #expect(prompt.path == key.path, "the prompt shows where the name leads")
        // The same name replaced by another file is asked for again too (even where the new file gets the old one's
        // inode back, as it may).
        #expect(grants.answer(allow: false) != nil)
        try FileManager.default.removeItem(at: track)
        try Data("five!".utf8).write(to: track)
        #expect(grants.receive(Self.ask(3, "lake.gpx")) == .ask(.init(id: 3, path: track.path, purpose: "a track to run")))
    }

    /// Nothing inside a folder the helper can write is handed over, by its own path or through a link.
    @Test func aFileTheHelperCouldHavePlantedIsRefusedUnasked() throws {
        let folder = URL(fileURLWithPath: realPath(try Self.temporaryFolder().path)!)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("four".utf8).write(to: data.appendingPathComponent("lake.gpx"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.gpx").path, withDestinationPath: data.path + "/lake.gpx")
        let grants = HelperFileGrants(helperWritable: [data.path], workingDirectory: folder.path, home: nil)
        for (id, typed) in [(UInt32(1), "data/lake.gpx"), (2, "link.gpx")] {
            guard case .answer(let answer, let descriptor) = grants.receive(Self.ask(id, typed)), case .refused(let reason)? = answer.refusal else {
                Issue.record("\(typed) was not refused unasked")
                continue
            }
            #expect(descriptor == nil && answer.path == data.path + "/lake.gpx" && reason.contains("which the plugin can write"), "\(reason)")
        }
        #expect(grants.pending == nil)
    }

    @Test func aFileOfAnotherExtensionIsRefusedUnasked() {
        let grants = HelperFileGrants(helperWritable: [], workingDirectory: "/w", home: nil)
        guard case .answer(let answer, _) = grants.receive(Self.ask(1, "notes.txt", extensions: ["gpx"])) else {
            Issue.record("refused without asking")
            return
        }
        #expect(answer.error == .unreadable(path: "/w/notes.txt", reason: "the plugin takes .gpx files only. Name such a file."))
        #expect(grants.pending == nil)
    }

    /// The helper's side over a socketpair, strata's side (its prompt answered) on a thread of its own.
    @Test(.timeLimit(.minutes(10)))
    func aFileAllowedCrossesAsACopyInTheHelpersFolderAndADeniedOneDoesnt() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("id_rsa")
        try Data("SECRET".utf8).write(to: key)
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { ends.forEach { close($0) } }
        let (strata, helper) = (HelperChannel(descriptor: ends[0]), HelperChannel(descriptor: ends[1]))
        let files = HelperUserFiles(channel: helper, dataFolder: folder.appendingPathComponent("data"))
        let reading = HelperFrameReader.start(helper, handle: { frame, reader in
                if case .fileAnswer(let answer)? = try? HostToHelperMessage(frame) { files.deliver(answer, take: reader.takeDescriptors) }
            }, closed: {})
        #expect(reading)

        await #expect(throws: UserFileError.noScreen(path: key.path)) { try await files.readable(key.path, purpose: "a key", extensions: []) }
        files.screenOpened()
        let grants = HelperFileGrants(helperWritable: [])
        func answer(allow: Bool) {
            #expect(detachThread(named: "strata-side") {
                guard let frame = try? strata.receive(), case .fileAsk(let ask)? = try? HelperToHostMessage(frame), case .ask = grants.receive(ask),
                    let (answer, descriptor) = grants.answer(allow: allow)
                else { return }
                strata.send(HostToHelperMessage.fileAnswer(answer), descriptors: descriptor.map { [$0] } ?? [])
                if let descriptor { close(descriptor) }
            })
        }
        answer(allow: false)
        await #expect(throws: UserFileError.denied(path: key.path)) { try await files.readable(key.path, purpose: "a key", extensions: []) }
        answer(allow: true)
        let copy = try await files.readable(key.path, purpose: "a key", extensions: [])
        #expect(copy == PrivateFolder.perProcess(in: folder.appendingPathComponent("data/.strata-files")).appendingPathComponent("picked-0/id_rsa").path)
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == "SECRET")
        files.removeCopies()
        #expect(!FileManager.default.fileExists(atPath: copy))
    }
}
