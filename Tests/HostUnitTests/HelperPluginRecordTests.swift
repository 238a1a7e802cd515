import Foundation
import Glibc
import Synchronization
import StrataPluginKit
import Testing

@testable import StrataHost

/// What strata resolved for a helper's plugin crosses once, within the handshake (wire version 8, issue #46):
/// a helper of version 8 asks for it and starts from it, reading no config; one of version 7 asks for nothing
/// and gets nothing.
@Suite struct HelperPluginRecordTests {
    static let record = HelperPluginRecord(
        config: Array(#"{"features": {"healthy": {"isolation": "none"}}, "pluginDirectories": ["/p"]}"#.utf8), configSource: "/home/ada/strata.json",
        libraries: [
            .init(id: "healthy", path: "/p/libHealthyPlugin.so", identity: FileIdentity(size: 4096, modified: -1, inode: .max), section: [1, 2, 3]),
            .init(id: "dép", path: "/p/libDépPlugin.so", identity: FileIdentity(size: 0, modified: 0, inode: 0), section: []),
        ])

    /// The record round-trips (a negative time and the largest inode included); bytes that are not one (cut
    /// anywhere, a count past what is left, no library, bytes after the last, text that isn't UTF-8) are
    /// refused, never trapped on.
    @Test func theRecordRoundTripsAndHostileBytesAreRefused() {
        let payload = Self.record.payload
        #expect(HelperPluginRecord(payload: payload) == Self.record)
        for cut in 0..<payload.count {
            #expect(HelperPluginRecord(payload: Array(payload.prefix(cut))) == nil, "cut at \(cut)")
        }
        #expect(HelperPluginRecord(payload: payload + [0]) == nil, "a byte after the last library")
        let none = HelperPluginRecord(config: [], configSource: "", libraries: [])
        #expect(HelperPluginRecord(payload: none.payload) == nil, "no library")
        #expect(HelperPluginRecord(payload: [0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]) == nil, "more libraries than bytes")
        var notUTF8 = payload
        notUTF8[payload.count - Self.record.libraries[1].path.utf8.count - 28] = 0xFF
        #expect(HelperPluginRecord(payload: notUTF8) == nil, "a path that isn't UTF-8")
        for _ in 0..<2_000 {
            _ = HelperPluginRecord(payload: (0..<Int.random(in: 0...48)).map { _ in UInt8.random(in: 0...3) })
        }
    }

    /// Two ends of a socketpair: strata's channel and the helper's, closed at the end.
    func channels() throws -> (strata: HelperChannel, helper: HelperChannel, close: () -> Void) {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        return (HelperChannel(descriptor: ends[0]), HelperChannel(descriptor: ends[1]), { ends.forEach { Glibc.close($0) } })
    }

    /// A helper of version 7 answers strata's opening with its hello at once: strata takes it and sends it
    /// nothing more (it reads the config strata wrote). One of version 8 asks first: strata sends the record,
    /// then takes its hello.
    @Test func aHelperOfVersion7GetsNoRecordAndOneOfVersion8AsksForIt() throws {
        let (strata, helper, close) = try channels()
        defer { close() }
        let older = HelperHello(version: 7, load: .zero, register: .zero, versions: HelperVersions(lowest: 6, highest: 7))
        #expect(HelperHandshake.open(strata) && helper.send(.init(.hello, older.payload)))
        let soon = ContinuousClock.now + .seconds(5)
        #expect(try HelperHandshake.answer(on: strata, record: Self.record, until: soon) == .init(.hello, older.payload))
        #expect(HelperHandshake.strataVersions(after: try helper.receive(), on: helper) == .spoken)
        #expect(throws: HelperWire.Problem.timedOut, "nothing after the opening") { try helper.receive(until: .now) }

        let hello = HelperHello(version: 8, load: .zero, register: .zero)
        #expect(HelperHandshake.open(strata) && helper.send(frames: [.init(.pluginRecordAsk), .init(.hello, hello.payload)]))
        #expect(try HelperHandshake.answer(on: strata, record: Self.record, until: soon) == .init(.hello, hello.payload))
        #expect(HelperHandshake.strataVersions(after: try helper.receive(), on: helper) == .spoken)
        let sent = try helper.receive()
        #expect(sent.kind == .pluginRecord && HelperPluginRecord(payload: sent.payload) == Self.record)
        // Without a record (or one too large for a frame), strata answers with an empty one.
        #expect(helper.send(frames: [.init(.pluginRecordAsk), .init(.hello, hello.payload)]))
        #expect(try HelperHandshake.answer(on: strata, record: nil, until: soon) == .init(.hello, hello.payload))
        #expect(try helper.receive() == .init(.pluginRecord))
    }

    /// The helper's side: it asks, and takes strata's record, or none when strata sent an empty one (it reads
    /// its config then); another frame is a failure that says what came.
    @Test func aHelperOfVersion8AsksForTheRecordAndTakesIt() throws {
        let (strata, helper, close) = try channels()
        defer { close() }
        let soon = ContinuousClock.now + .seconds(5)
        #expect(strata.send(.init(.pluginRecord, Self.record.payload)))
        #expect(try HelperHandshake.record(on: helper, until: soon) == Self.record)
        #expect(try strata.receive() == .init(.pluginRecordAsk))
        #expect(strata.send(.init(.pluginRecord)))
        #expect(try HelperHandshake.record(on: helper, until: soon) == nil)
        #expect(strata.send(.init(.run)))
        #expect { try HelperHandshake.record(on: helper, until: soon) } throws: { ($0 as? HelperRecordFailure)?.reason.contains("run") == true }
        #expect(strata.send(.init(.pluginRecord, [1, 2, 3])))
        #expect { try HelperHandshake.record(on: helper, until: soon) } throws: { ($0 as? HelperRecordFailure)?.reason.contains("can't read") == true }
    }

    /// The helper strata starts (this build's `strata`, beside the tests) opens its plugin from the record and
    /// runs its command though the config file strata wrote for it is not a config at all: it never reads it.
    /// (Before, every helper read that file first, and this one exited with status 2.)
    @Test func aHelperOfVersion8ReadsNoConfig() async throws {
        let sandbox = try HostPipelineSandbox(config: #"{"pluginDirectories": ["plugins"], "features": {"healthy": {"isolation": "process"}}}"#)
        var launch = try #require(HostRunner(HostCatalog(try sandbox.context())).helperLaunch(for: "healthy"))
        launch.executable = executableDirectory() + "/strata"
        launch.config = Data("{ not a config".utf8)
        let helper = try PluginHelper.start(launch)
        defer { helper.stop() }
        let output = Mutex("")
        let network = HelperNetwork(pluginID: "healthy", capabilities: .init(network: [])) { nil }
        let code = await helper.run(
            ["healthy", "ping"], routed: .init(pathCount: 2, arguments: CommandArguments(positionals: [], options: [:], flags: [])), isTerminal: false,
            output: { text in output.withLock { $0 += text } }, error: { text in output.withLock { $0 += text } },
            network: network)
        #expect(try code.get() == 0)
        #expect(output.withLock { $0 } == "pong (hello from healthy)\n")
    }

    /// This build's helper serving a strata of version 7, which opens with its range 6 to 7 and sends no
    /// record: it speaks 7 and starts as before, from the config strata wrote for it, and runs the command;
    /// given a config that isn't one, it refuses, naming it.
    @Test func aHelperServingAStrataOfVersion7ReadsItsConfigAsBefore() throws {
        let sandbox = try HostPipelineSandbox(config: #"{"pluginDirectories": ["plugins"], "features": {"healthy": {"isolation": "process-unsandboxed"}}}"#)
        var launch = try #require(HostRunner(HostCatalog(try sandbox.context())).helperLaunch(for: "healthy"))
        launch.executable = executableDirectory() + "/strata"
        let older = HelperVersions(lowest: 6, highest: 7)
        /// Starts the helper, opens as a strata of version 7 would, and answers the frames it sent back, the
        /// command's output included when it said hello, until it closes the socket.
        func serve(_ launch: HelperLaunch) throws -> [HelperWire.Frame] {
            #expect(try launch.prepare() == -1)
            var ends: [Int32] = [-1, -1]
            var errors: [Int32] = [-1, -1]
            try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 && pipe(&errors) == 0)
            defer { [ends[0], errors[0]].forEach { Glibc.close($0) } }
            let started = HelperSpawn.start(launch, ruleset: -1, socket: ends[1], errors: errors[1])
            [ends[1], errors[1]].forEach { Glibc.close($0) }
            guard case .success(let process) = started else { throw HelperWire.Problem.closed }
            let strata = HelperChannel(descriptor: ends[0])
            #expect(strata.send(frames: [.init(.hello, number: HelperHandshake.opening), .init(.hello, older.payload)]))
            var frames = [try strata.receive(until: .now + .seconds(10))]
            if frames[0].kind == .hello {
                #expect(strata.send(.init(.run, HelperRequest(words: ["healthy", "ping"], isTerminal: false).payload)))
                repeat { frames.append(try strata.receive(until: .now + .seconds(10))) } while frames.last?.kind != .exit
                shutdown(ends[0], Int32(SHUT_RDWR))
            }
            _ = process.wait()
            return frames
        }
        let frames = try serve(launch)
        #expect(HelperHello(payload: frames[0].payload)?.version == 7, "\(frames[0].kind) \(frames[0].text)")
        #expect(frames.dropFirst().map(\.kind) == [.output, .exit] && frames[1].text == "pong (hello from healthy)\n", "\(frames)")
        launch.config = Data("{ not a config".utf8)
        let refused = try serve(launch)
        #expect(refused.map(\.kind) == [.refused] && refused[0].text.contains("\(launch.configFile.path) is not valid JSON"), "\(refused.map(\.text))")
    }
}
