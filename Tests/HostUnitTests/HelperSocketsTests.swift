import Foundation
import Glibc
import StrataBase
import StrataNetworking
import StrataPluginKit
import Synchronization
import Testing
@testable import StrataHost

/// The TCP sockets strata opens for a process-isolated plugin: only for an address typed where the command
/// declares one, for that use, bounded in number and spaced in time; and the helper's side, which waits for
/// each answer and takes the socket that comes with it.
@Suite struct HelperSocketsTests {
    /// Sockets that open nothing: they count the calls, and hand out the read end of a fresh pipe.
    final class CountingSockets: TCPSockets {
        let calls = Mutex<[String]>([])

        func listen(host: String, port: UInt16) throws(TCPSocketError) -> Int32 {
            calls.withLock { $0.append("listen \(host):\(port)") }
            return Self.descriptor()
        }

        func connect(host: String, port: UInt16, timeoutSeconds: Double) throws(TCPSocketError) -> Int32 {
            calls.withLock { $0.append("connect \(host):\(port) in \(timeoutSeconds)") }
            return Self.descriptor()
        }

        static func descriptor() -> Int32 {
            var ends: [Int32] = [-1, -1]
            _ = pipe(&ends)
            close(ends[1])
            return ends[0]
        }
    }

    static let spec = CommandSpec(
        arguments: [CommandSpec.Argument("TARGET", help: "h", endpoint: .connect)],
        options: [CommandSpec.Option("--listen", value: "ADDR:PORT", help: "h", endpoint: .listen), CommandSpec.Option("--goal", value: "KM", help: "h")])
    static let command = PluginDescriptor.Command(words: ["running", "join"], summary: "s", spec: spec)

    func grants(_ words: [String], sockets: CountingSockets) -> HelperSocketGrants {
        let found = HelperSocketGrants(["running", "join"] + words, command: Self.command, pluginID: "running", advice: "Run it in process.")
        return HelperSocketGrants(pluginID: "running", granted: found.granted, advice: found.advice, sockets: sockets)
    }

    func request(_ endpoint: CommandSpec.Endpoint, _ address: String, timeout: Double = 5) -> HelperSocketRequest {
        let address = TCPAddress(address)!
        return HelperSocketRequest(id: 1, endpoint: endpoint.rawValue, host: address.host, port: address.port, timeout: timeout)
    }

    func opened(_ result: Result<Int32, TCPSocketError>) -> Bool {
        guard case .success(let descriptor) = result else { return false }
        close(descriptor)
        return true
    }

    @Test func addressesAreFoundWhereTheCommandDeclaresThem() {
        let values = HelperFileValue.values(in: ["10.0.0.5:7400", "--goal", "1.0.0.1:9", "--listen=0.0.0.0:0"], spec: Self.spec)
        #expect(
            values == [
                HelperFileValue(index: 0, prefix: "", path: "10.0.0.5:7400", kind: .endpoint(.connect)),
                HelperFileValue(index: 3, prefix: "--listen=", path: "0.0.0.0:0", kind: .endpoint(.listen)),
            ], "the --goal value is no address, however it looks")
        let found = grants(["ABCDEF", "--listen", "0.0.0.0:7400"], sockets: CountingSockets()).granted
        #expect(found.map(\.address) == [TCPAddress(host: "0.0.0.0", port: 7400)], "a session id is no HOST:PORT: nothing to connect to")
        #expect(found.map(\.endpoint) == [.listen])
    }

    @Test func onlyTheAddressTypedForItsUseIsOpened() {
        let sockets = CountingSockets()
        let grants = grants(["LocalHost:7400"], sockets: sockets)
        #expect(opened(grants.open(request(.connect, "localhost:7400"))), "a host name's case doesn't matter")
        for (endpoint, address) in [(CommandSpec.Endpoint.connect, "localhost:7401"), (.connect, "127.0.0.1:7400"), (.listen, "localhost:7400")] {
            guard case .failure(.notGranted(let sentence)) = grants.open(request(endpoint, address)) else {
                Issue.record("\(endpoint) \(address) was opened")
                continue
            }
            let what = endpoint == .listen ? "listen on" : "connect to"
            #expect(sentence == "strata didn't let running \(what) \(address): its command line gives only: connect LocalHost:7400. Run it in process.")
        }
        #expect(sockets.calls.withLock { $0 } == ["connect localhost:7400 in 5.0"], "nothing else reached the kernel")
        guard case .failure(.notGranted(let none)) = HelperSocketGrants(pluginID: "p", granted: [], advice: "A.", sockets: sockets).open(request(.listen, "0.0.0.0:1"))
        else {
            Issue.record("a command line without an address got a socket")
            return
        }
        #expect(none == "strata didn't let p listen on 0.0.0.0:1: its command line gives no address to listen on. A.")
    }

    @Test func aWaitIsBoundedAndNotANumberWaitsNoTime() {
        let sockets = CountingSockets()
        let grants = grants(["127.0.0.1:7400"], sockets: sockets)
        #expect(opened(grants.open(request(.connect, "127.0.0.1:7400", timeout: 1e300))))
        #expect(opened(grants.open(request(.connect, "127.0.0.1:7400", timeout: .nan))))
        #expect(sockets.calls.withLock { $0 } == ["connect 127.0.0.1:7400 in 10.0", "connect 127.0.0.1:7400 in 0.0"])
    }

    /// A plugin can't use strata to flood even the address typed: connections are spaced out, and counted.
    @Test func connectionsAreSpacedOutAndCounted() {
        let sockets = CountingSockets()
        let grants = grants(["127.0.0.1:7400", "--listen", "0.0.0.0:0"], sockets: sockets)
        let start = ContinuousClock.now
        for _ in 0..<3 { #expect(opened(grants.open(request(.connect, "127.0.0.1:7400")))) }
        #expect(start.duration(to: .now) >= HelperSocketGrants.connectSpacing * 2, "the third came two spacings after the first")
        for _ in 3..<HelperSocketGrants.maximumSockets { #expect(opened(grants.open(request(.listen, "0.0.0.0:0")))) }
        guard case .failure(.notGranted(let sentence)) = grants.open(request(.listen, "0.0.0.0:0")) else {
            Issue.record("a socket past the bound was opened")
            return
        }
        #expect(sentence == "strata opened \(HelperSocketGrants.maximumSockets) sockets for running's command already, and opens no more")
        #expect(sockets.calls.withLock { $0.count } == HelperSocketGrants.maximumSockets)
    }

    /// Each failure crosses the wire as the case it is.
    @Test func answersCarryEachFailureAcross() throws {
        let failures: [TCPSocketError] = [
            .notAnAddress("h"), .unknownHost("h"), .inUse("a"), .refused("a"), .timedOut("a"), .notGranted("why"), .system("bind", EACCES),
        ]
        for failure in failures {
            let answer = HelperSocketRequest.Answer(id: 7, result: .failure(failure))
            let decoded = try JSONDecoder().decode(HelperSocketRequest.Answer.self, from: JSONEncoder().encode(answer))
            #expect(decoded.id == 7 && decoded.error == failure)
        }
        #expect(HelperSocketRequest.Answer(id: 1, result: .success(())).error == nil)
    }

    /// The helper's side against strata's, over a real socketpair: the socket strata opened arrives with its
    /// answer, and a refusal arrives as the error it is.
    @Test(.timeLimit(.minutes(10))) func theHelperGetsTheSocketStrataOpened() async {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        let (strata, helper) = (HelperChannel(descriptor: ends[0]), HelperChannel(descriptor: ends[1]))
        defer { ends.forEach { shutdown($0, Int32(SHUT_RDWR)) } }
        let sockets = HelperTCPSockets(channel: helper)
        let grants = grants(["127.0.0.1:7400"], sockets: CountingSockets())
        // strata's reader, and the helper's, each on a thread of its own (they block reading).
        _ = detachThread(named: "test-strata") {
            while let frame = try? strata.receive(), case .socketOpen(let request)? = try? HelperToHostMessage(frame) { _ = grants.answer(request, on: strata) }
        }
        _ = detachThread(named: "test-helper") {
            var descriptors: [Int32] = []
            while let frame = try? helper.receive(descriptors: &descriptors) {
                guard case .socketAnswer(let answer)? = try? HostToHelperMessage(frame) else { continue }
                sockets.deliver(answer, descriptor: answer.failure == nil ? descriptors.removeFirst() : nil)
            }
        }
        // The asking thread blocks until the answer comes: a thread of its own, not the test pool's.
        let (socket, refusal) = await withCheckedContinuation { (continuation: CheckedContinuation<(Int32?, TCPSocketError?), Never>) in
            _ = detachThread(named: "test-plugin") {
                let socket = try? sockets.connect(host: "127.0.0.1", port: 7400, timeoutSeconds: 1)
                do throws(TCPSocketError) {
                    _ = try sockets.listen(host: "0.0.0.0", port: 22)
                    continuation.resume(returning: (socket, nil))
                } catch {
                    continuation.resume(returning: (socket, error))
                }
            }
        }
        guard let descriptor = socket else {
            Issue.record("the typed address's socket didn't arrive")
            return
        }
        var status = stat()
        #expect(fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the pipe CountingSockets opened, as the helper's own")
        close(descriptor)
        guard case .notGranted(let sentence) = refusal else {
            Issue.record("listening was not refused: \(String(describing: refusal))")
            return
        }
        #expect(sentence.hasPrefix("strata didn't let running listen on 0.0.0.0:22"))
    }

    /// An answer that comes when nobody waits for it (the asking thread gave up) has its socket closed.
    @Test func anAnswerNobodyWaitsForHasItsSocketClosed() {
        let sockets = HelperTCPSockets(channel: HelperChannel(descriptor: -1))
        // One end crosses; the other sees it closed (not its number, which another test may reuse at once).
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        defer { close(ends[1]) }
        var byte: UInt8 = 0
        #expect(recv(ends[1], &byte, 1, Int32(MSG_DONTWAIT)) == -1, "open: nothing to read yet")
        sockets.deliver(HelperSocketRequest.Answer(id: 99, result: .success(())), descriptor: ends[0])
        #expect(recv(ends[1], &byte, 1, Int32(MSG_DONTWAIT)) == 0, "closed: the end of the stream")
    }
}
