import Foundation
import Testing

/// A live race between two `strata` processes over TCP, as two machines would run it: on loopback, across
/// two network namespaces the test makes, and through every fault a network brings.
@Suite struct LiveRaceProcessTests {
    static let gpx = BuildProducts.repositoryRoot.appendingPathComponent("Tests/Fixtures/Data/gpx").path
    static let hostTrack = "\(gpx)/gpxpy_cerknicko-jezero.gpx"   // 4.58 km, timed
    static let mateTrack = "\(gpx)/gpxpy_korita-zbevnica.gpx"   // 14.9 km, replayed at --pace

    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
        try writeSettings()
    }

    /// Writes Running's settings, and how it runs: in process, or in a sandboxed helper whose sockets strata
    /// opens for the address typed.
    func writeSettings(_ settings: String = Self.settings, isolation: Isolation = .none) throws {
        try sandbox.writeConfig(isolation.config("running", settings: "{\(settings)}"))
    }

    static let settings = #""inviteTimeoutSeconds": 60, "disconnectAfterSeconds": 10"#

    /// `strata running host … --listen ADDR` started, with the join line it printed.
    func startHost(listen: String = "127.0.0.1:0", goal: String = "3", speed: String = "600",
                   prefix: [String] = []) async throws -> (process: LaunchedProcess, endpoint: String, code: String) {
        let arguments = prefix + [BuildProducts.strata, "--config", sandbox.config.path, "--data-dir", sandbox.root.appendingPathComponent("host").path,
                                  "running", "host", "--mode", "race", "--goal", goal, "--track", Self.hostTrack,
                                  "--listen", listen, "--speed", speed, "--nickname", "ana"]
        let host = try launch(arguments[0], Array(arguments.dropFirst()))
        while host.isRunning && !host.outputSoFar.contains("--track FILE") { usleep(20_000) }  // polling the output
        guard let line = host.outputSoFar.split(separator: "\n").first(where: { $0.contains("strata running join") }) else {
            throw HostFailed(message: "the host printed no join line: \(try await host.finished().stderr)")
        }
        let words = line.split(separator: " ").map(String.init)
        let index = try #require(words.firstIndex(of: "join"))
        return (host, words[index + 1], words[index + 2])
    }

    func join(_ endpoint: String, _ code: String, speed: String = "600", pace: String = "5:00", prefix: [String] = [],
              track: String = Self.mateTrack) throws -> LaunchedProcess {
        let arguments = prefix + [BuildProducts.strata, "--config", sandbox.config.path, "--data-dir", sandbox.root.appendingPathComponent("mate").path,
                                  "running", "join", endpoint, code, "--track", track, "--pace", pace,
                                  "--speed", speed, "--nickname", "kim"]
        return try launch(arguments[0], Array(arguments.dropFirst()))
    }

    /// Each side's newest history entry.
    func lastRun(_ side: String) throws -> [String: Any] {
        let history = try strata(["--config", sandbox.config.path, "--data-dir", sandbox.root.appendingPathComponent(side).path,
                                  "running", "history", "--json"])
        let runs = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        return try #require(runs.first?["result"] as? [String: Any], "\(side) recorded no run: \(history.stdout)\(history.stderr)")
    }

    func expectTheSameRace() throws {
        let host = try lastRun("host"), mate = try lastRun("mate")
        #expect(host["mateNickname"] as? String == "kim" && mate["mateNickname"] as? String == "ana")
        let hostWon = try #require(host["isUserWinner"] as? Bool), mateWon = try #require(mate["isUserWinner"] as? Bool)
        #expect(hostWon != mateWon, "exactly one winner: host \(host), mate \(mate)")
        #expect(mateWon, "kim runs 5:00/km against ana's slower track")
        // The two sides run in lockstep, so they agree on every figure of the race, to the second: ana saw kim
        // finish at the second kim says, and kim saw ana where she was at that second.
        let kimFinished = try #require(mate["elapsedSeconds"] as? Int)
        #expect(host["mateFinishedSeconds"] as? Int == kimFinished, "host \(host), mate \(mate)")
        #expect(mate["mateElapsedSeconds"] as? Int == kimFinished, "host \(host), mate \(mate)")
        #expect(host["mateDistanceKm"] as? Double == mate["distanceKm"] as? Double)
    }

    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func twoProcessesRaceOverLoopbackAndAgreeOnTheWinner(_ isolation: Isolation) async throws {
        try writeSettings(isolation: isolation)
        let (host, endpoint, code) = try await startHost()
        #expect(code.count == 16, "a 64-bit code: \(code)")
        let mate = try join(endpoint, code)
        let mateResult = try await mate.finished(), hostResult = try await host.finished()
        #expect(mateResult.status == 0, "\(mateResult.stderr)")
        #expect(hostResult.status == 0, "\(hostResult.stderr)")
        #expect(mateResult.stdout.contains("You won!") && hostResult.stdout.contains("Kim won."))
        try expectTheSameRace()
    }

    /// Two hosts on one machine: two network namespaces joined by a veth pair, made by the test (as root).
    @Test(.timeLimit(.minutes(10)))
    func twoProcessesRaceAcrossNetworkNamespaces() async throws {
        let suffix = String(UInt32.random(in: 0..<100_000))
        let (a, b) = ("strata-a\(suffix)", "strata-b\(suffix)")
        let setup = [["netns", "add", a], ["netns", "add", b],
                     ["link", "add", "va\(suffix)", "type", "veth", "peer", "name", "vb\(suffix)"],
                     ["link", "set", "va\(suffix)", "netns", a], ["link", "set", "vb\(suffix)", "netns", b],
                     ["-n", a, "addr", "add", "10.231.7.1/24", "dev", "va\(suffix)"], ["-n", b, "addr", "add", "10.231.7.2/24", "dev", "vb\(suffix)"],
                     ["-n", a, "link", "set", "va\(suffix)", "up"], ["-n", b, "link", "set", "vb\(suffix)", "up"],
                     ["-n", a, "link", "set", "lo", "up"], ["-n", b, "link", "set", "lo", "up"]]
        defer {
            _ = try? run("/usr/bin/env", ["ip", "netns", "delete", a])
            _ = try? run("/usr/bin/env", ["ip", "netns", "delete", b])
        }
        for step in setup {
            let result = try run("/usr/bin/env", ["ip"] + step)
            guard result.status == 0 else {
                // Without root (or iproute2) there are no namespaces; the loopback race above still runs.
                print("LiveRaceProcessTests: no network namespaces here (`ip \(step.joined(separator: " "))`: \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))); the race runs over loopback only")
                return
            }
        }
        let (host, endpoint, code) = try await startHost(listen: "10.231.7.1:0", prefix: ["/usr/bin/env", "ip", "netns", "exec", a])
        #expect(endpoint.hasPrefix("10.231.7.1:"))
        let mate = try join(endpoint, code, prefix: ["/usr/bin/env", "ip", "netns", "exec", b])
        let mateResult = try await mate.finished(), hostResult = try await host.finished()
        #expect(mateResult.status == 0, "\(mateResult.stderr)")
        #expect(hostResult.status == 0, "\(hostResult.stderr)")
        try expectTheSameRace()
        // The mate can't reach the host's namespace by loopback: the race really crossed the veth pair.
        let loopback = try run("/usr/bin/env", ["ip", "netns", "exec", b, "/usr/bin/env", "bash", "-c",
                                                "exec 3<>/dev/tcp/127.0.0.1/\(endpoint.split(separator: ":")[1])"])
        #expect(loopback.status != 0)
    }

    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aWrongCodeIsRefusedOnBothSides(_ isolation: Isolation) async throws {
        // The host is ended with Ctrl-C; its invitation must not run out first on a busy machine.
        try writeSettings(#""inviteTimeoutSeconds": 600, "disconnectAfterSeconds": 10"#, isolation: isolation)
        let (host, endpoint, _) = try await startHost()
        let mateResult = try await join(endpoint, "0000000000000000").finished()
        #expect(mateResult.status == 1)
        #expect(mateResult.stderr.contains("refused to let you join: wrong join code"), "\(mateResult.stderr)")
        // The host logs the refusal and goes on waiting for the right mate, until Ctrl-C.
        while host.isRunning && !host.errorSoFar.contains("a wrong join code") { usleep(20_000) }
        #expect(host.isRunning)
        kill(host.processIdentifier, SIGINT)
        let hostResult = try await host.finished()
        #expect(hostResult.stderr.contains("refused 127.0.0.1:") && hostResult.stderr.contains("a wrong join code"), "\(hostResult.stderr)")
        #expect(hostResult.status == 130 && hostResult.stderr.contains("interrupted; the session was left"), "\(hostResult.stderr)")
    }

    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func anotherProtocolVersionGarbageAndAnOversizedLineAreRefusedAndARealMateStillJoins(_ isolation: Isolation) async throws {
        try writeSettings(isolation: isolation)
        let (host, endpoint, code) = try await startHost()
        let port = try #require(UInt16(endpoint.split(separator: ":")[1]))

        let old = try RawLineClient(port: port)
        old.send(#"{"type":"hello","version":999,"code":"\#(code)","nickname":"old"}"#)
        #expect(old.readLine()?.contains("protocol version 1, not 999") == true)
        let garbage = try RawLineClient(port: port)
        garbage.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(garbage.readLine() == nil, "closed without an answer")
        let huge = try RawLineClient(port: port)
        huge.sendRaw(String(repeating: "x", count: 70_000))
        #expect(huge.readLine() == nil)

        let mateResult = try await join(endpoint, code).finished(), hostResult = try await host.finished()
        #expect(mateResult.status == 0 && hostResult.status == 0, "\(mateResult.stderr)\(hostResult.stderr)")
        #expect(hostResult.stderr.contains("protocol version 999, not 1"))
        #expect(hostResult.stderr.contains("not a frame of the live protocol"))
        #expect(hostResult.stderr.contains("a line longer than 64 KB"))
        try expectTheSameRace()
    }

    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aSecondMateIsRefusedAndAMateKilledMidRunIsLostWhileTheHostRunsOn(_ isolation: Isolation) async throws {
        try writeSettings(#""inviteTimeoutSeconds": 60, "disconnectAfterSeconds": 2"#, isolation: isolation)
        let (host, endpoint, code) = try await startHost(goal: "1", speed: "60")
        // A slow mate (25 min/km), so that it can't finish before it is killed, however loaded the machine.
        let mate = try join(endpoint, code, speed: "60", pace: "25:00")
        let port = try #require(UInt16(endpoint.split(separator: ":")[1]))
        // On a thread of its own: the moment matters, and the tests' shared threads may be busy for seconds.
        let refusal = try await onOwnThread { () throws -> String? in
            while mate.isRunning && !(mate.outputSoFar.contains("joined") && mate.catches(SIGINT)) { usleep(5_000) }  // polling the mate
            guard mate.isRunning else { return nil }
            let second = try RawLineClient(port: port)
            second.send(#"{"type":"hello","version":1,"code":"\#(code)","nickname":"eve"}"#)
            let reply = second.readLine()
            kill(mate.processIdentifier, SIGKILL)
            return reply
        }
        #expect(refusal?.contains("already has a mate") == true, "the mate ran and a second one was refused: \(refusal ?? "the mate had stopped")")
        _ = try await mate.finished()
        let hostResult = try await host.finished()
        #expect(hostResult.status == 0, "\(hostResult.stderr)")
        #expect(hostResult.stderr.contains("a second mate (eve)"))
        #expect(hostResult.stdout.contains("Goal reached") || hostResult.stdout.contains("You won!"), "\(hostResult.stdout)")
        #expect(hostResult.stdout.contains("mate lost"), "\(hostResult.stdout)")
        let run = try lastRun("host")
        #expect(run["mateLost"] as? Bool == true && run["ending"] as? String == "finished")
    }

    /// Ctrl-C on one side ends the other's run too: "Cancelled by kim", exit 1; the one who stopped exits 130.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aCancelCrossesTheNetwork(_ isolation: Isolation) async throws {
        try writeSettings(isolation: isolation)
        let (host, endpoint, code) = try await startHost(goal: "3", speed: "1")
        let mate = try join(endpoint, code, speed: "1")
        while mate.isRunning && !(mate.outputSoFar.contains("joined") && mate.catches(SIGINT)) { usleep(20_000) }
        kill(mate.processIdentifier, SIGINT)
        let mateResult = try await mate.finished(), hostResult = try await host.finished()
        #expect(mateResult.status == 130, "\(mateResult.stderr)")
        #expect(hostResult.status == 1, "\(hostResult.stderr)")
        #expect(hostResult.stdout.contains("Cancelled by kim"), "\(hostResult.stdout)")
        #expect(try lastRun("host")["ending"] as? String == "cancelledByMate")
    }

    /// A mate that drops and comes back with its code within 30 s carries on where it was.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aMateThatReconnectsResumes(_ isolation: Isolation) async throws {
        try writeSettings(isolation: isolation)
        // At 60×: after the mate finishes, the host runs on to its own goal (MateRunner's race) in seconds.
        let (host, endpoint, code) = try await startHost(goal: "1", speed: "60")
        let port = try #require(UInt16(endpoint.split(separator: ":")[1]))
        // On a thread of its own, so that the mate comes back well within the 30 s, however busy the tests are.
        let (welcome, welcomeBack) = try await onOwnThread { () throws -> (String?, String?) in
            let first = try RawLineClient(port: port)
            first.send(#"{"type":"hello","version":1,"code":"\#(code)","nickname":"kim"}"#)
            guard let welcome = first.readLine(), let start = welcome.range(of: #""session":""#) else { return (nil, nil) }
            let session = String(welcome[start.upperBound...].prefix(6))
            first.send(#"{"type":"progress","km":0.1,"seconds":30}"#)
            first.close()
            while host.isRunning && !host.errorSoFar.contains("closed") { usleep(5_000) }  // polling the host's log
            let again = try RawLineClient(port: port)
            again.send(#"{"type":"hello","version":1,"session":"\#(session)","code":"\#(code)","nickname":"kim"}"#)
            let welcomeBack = again.readLine()
            again.send(#"{"type":"finish","km":1,"seconds":240}"#)
            return (welcome, welcomeBack)
        }
        #expect(welcome?.contains(#""type":"welcome""#) == true && welcome?.contains(#""mode":"race""#) == true)
        #expect(welcomeBack?.contains(#""type":"welcome""#) == true, "\(welcomeBack ?? "no answer")")
        let hostResult = try await host.finished()
        #expect(hostResult.status == 0, "\(hostResult.stderr)")
        #expect(hostResult.stderr.contains("is back"), "\(hostResult.stderr)")
        #expect(hostResult.stdout.contains("Kim won."), "\(hostResult.stdout)")
        let run = try lastRun("host")
        #expect(run["mateLost"] as? Bool == false && run["mateDistanceKm"] as? Double == 1)
    }

    /// A mate whose connection drops connects again with its session and runs on (MateRunner's reconnect):
    /// in process, and in a sandboxed helper, where each connection is one strata opens for the address typed.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aMateWhoseConnectionDropsConnectsAgain(_ isolation: Isolation) async throws {
        try writeSettings(isolation: isolation)
        let host = try Listener()
        let code = "0123456789ABCDEF"
        let welcome = #"{"type":"welcome","version":1,"session":"ABCDEF","nickname":"ana","mode":"race","goalKm":1}"#
        // 1 km at 5:00 is 300 s of run, 15 s at 20×: time enough to drop the mate and take it back.
        let mate = try join(host.address, code, speed: "20", pace: "5:00")
        let (hello, helloAgain) = try await onOwnThread { () -> (String?, String?) in
            guard let first = host.accept(within: 30), let hello = first.readLine() else { return (nil, nil) }
            first.send(welcome)
            _ = first.readLine()  // its first progress or heartbeat: the run is on
            first.close()
            guard let again = host.accept(within: 30), let helloAgain = again.readLine() else { return (hello, nil) }
            again.send(welcome)
            while let line = again.readLine(), !line.contains(#""type":"finish""#) {}
            return (hello, helloAgain)
        }
        let result = try await mate.finished()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(hello?.contains(#""code":"\#(code)""#) == true, "\(hello ?? "no hello")")
        #expect(helloAgain?.contains(#""session":"ABCDEF""#) == true, "it came back to its session: \(helloAgain ?? "no second hello")")
        #expect(result.stderr.contains("connected to the host again; the run resumes"), "\(result.stderr)")
    }
}

/// Runs `body` on a thread of its own and returns what it returns.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}

struct HostFailed: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A hand-written peer on loopback, for what a real `strata` never sends.
final class RawLineClient {
    private let descriptor: Int32

    /// Over `descriptor`, a connection, which it owns.
    init(descriptor: Int32) {
        self.descriptor = descriptor
        var timeout = timeval(tv_sec: 15, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Connected to `port` on loopback.
    convenience init(port: UInt16) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var connected: Int32 = -1
        repeat {
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        } while connected != 0 && errno == EINTR
        guard connected == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        self.init(descriptor: descriptor)
    }

    deinit {
        close()
        Glibc.close(descriptor)
    }

    func send(_ line: String) { sendRaw(line + "\n") }

    func sendRaw(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// The next line, or nil when the peer closes (or says nothing for 15 s).
    func readLine() -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while recv(descriptor, &byte, 1, 0) == 1 {
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }

    func close() { Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
}

/// A TCP socket listening on loopback that counts the connections made to it (accepted without waiting: a
/// connection made before is in its backlog).
final class Listener: Sendable {
    let descriptor: Int32
    let port: UInt16
    var address: String { "127.0.0.1:\(port)" }

    init() throws {
        // Non-blocking, so that counting never waits.
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard descriptor >= 0, bound, listen(descriptor, 16) == 0 else { throw HostFailed(message: "can't listen on loopback") }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    /// The next connection, waiting at most `seconds` for it.
    func accept(within seconds: Int32) -> RawLineClient? {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, seconds * 1000) == 1 else { return nil }
        let connection = Glibc.accept(descriptor, nil, nil)
        guard connection >= 0 else { return nil }
        _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) & ~O_NONBLOCK)
        return RawLineClient(descriptor: connection)
    }

    /// The connections waiting in its backlog, each accepted and closed.
    func connections() -> Int {
        var count = 0
        while true {
            let connection = Glibc.accept(descriptor, nil, nil)
            guard connection >= 0 else { return count }
            close(connection)
            count += 1
        }
    }
}
