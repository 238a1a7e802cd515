import Foundation
import RunningDomain
import Synchronization

/// Who is waiting to say hello while the host invites, and the mate once one is admitted.
final class Lobby: Sendable {
    private struct State {
        var waiting = 0
        var mate: LiveFrame?
        var closed = false
    }

    private let state = Mutex(State())

    var mate: LiveFrame? { state.withLock { $0.mate } }
    var isClosed: Bool { state.withLock { $0.closed } }

    /// Counts a new connection in; `false` when `limit` are already waiting.
    func startWaiting(limit: Int) -> Bool {
        state.withLock { state in
            guard state.waiting < limit else { return false }
            state.waiting += 1
            return true
        }
    }

    func endWaiting() { state.withLock { $0.waiting -= 1 } }

    /// Records the first admitted hello as the mate; `false` if there was one (the mate came back).
    func admit(_ hello: LiveFrame) -> Bool {
        state.withLock { state in
            guard state.mate == nil else { return false }
            state.mate = hello
            return true
        }
    }

    /// The invitation ended without a mate (timed out, or the host stopped): nobody more is admitted.
    func close() { state.withLock { $0.closed = true } }
}

/// The line to the mate, shared by the feed and the threads that read it, send heartbeats, and take a
/// mate back after a drop.
final class LiveLink: @unchecked Sendable {
    private struct State {
        var connection: LineSocket?
        var latest = RunnerProgress(data: .start, status: .running)
        /// The last few progress frames, oldest first, so that a side one second ahead is read as it was.
        var recent: [RunnerProgress] = []
        var lastHeard = Date()
        var lostAt: Date?
        var attached = false
        var over = false
    }

    private let state = Mutex(State())
    let timing: TCPLiveSessionRepository.Timing
    let log: @Sendable (String) -> Void
    /// The mate's side: connects again after a drop (nil on the host, which waits instead).
    let reconnect: (@Sendable () -> LineSocket?)?

    init(
        timing: TCPLiveSessionRepository.Timing, log: @escaping @Sendable (String) -> Void,
        reconnect: (@Sendable () -> LineSocket?)? = nil
    ) {
        self.timing = timing
        self.log = log
        self.reconnect = reconnect
    }

    var isOver: Bool { state.withLock { $0.over } }
    var wasAttached: Bool { state.withLock { $0.attached } }
    var hasLiveMate: Bool { state.withLock { $0.connection != nil } }
    var canResume: Bool {
        state.withLock { state in state.lostAt.map { Date().timeIntervalSince($0) <= timing.reconnectSeconds } ?? true }
    }

    /// Takes `connection` as the line to the mate and starts reading it (and, the first time, heartbeats).
    func attach(_ connection: LineSocket) {
        let (first, replaced) = state.withLock { state in
            let replaced = state.connection
            state.connection = connection
            state.lastHeard = Date()
            state.lostAt = nil
            defer { state.attached = true }
            return (!state.attached, replaced)
        }
        replaced?.close()
        Thread.detachNewThread { [self] in read(connection) }
        if first {
            Thread.detachNewThread { [self] in
                while !isOver {
                    current?.send(LiveFrame(.heartbeat))
                    Thread.sleep(forTimeInterval: 1)
                }
            }
        }
    }

    private var current: LineSocket? { state.withLock { $0.connection } }

    /// The mate at its run second `seconds` (or the first second it sent after that), or as far as it has
    /// got; and whether it was heard lately.
    func mate(at seconds: Int) -> (progress: RunnerProgress, connected: Bool) {
        state.withLock { state in
            (
                state.recent.first { $0.data.elapsedSeconds >= seconds } ?? state.latest,
                Date().timeIntervalSince(state.lastHeard) <= timing.mateLostSeconds
            )
        }
    }

    func send(_ frame: LiveFrame) {
        if frame.type == .finish || frame.type == .cancel { state.withLock { $0.over = true } }
        current?.send(frame)
    }

    /// Reads frames until the connection ends; a bad frame closes it with the reason logged.
    private func read(_ connection: LineSocket) {
        while true {
            do {
                guard let line = try connection.readLine(timeout: 1) else {
                    if isOver { return }
                    continue
                }
                let frame = try LiveFrame.decode(line)
                state.withLock { state in
                    state.lastHeard = Date()
                    if let progress = frame.progress {
                        state.latest = progress
                        state.recent.append(progress)
                        if state.recent.count > 16 { state.recent.removeFirst() }
                        if progress.status == .finished || progress.status == .cancelled { state.over = true }
                    }
                }
            } catch {
                dropped(connection, reason: error)
                return
            }
        }
    }

    private func dropped(_ connection: LineSocket, reason: any Error) {
        connection.close()
        let (ended, stillCurrent) = state.withLock { state in
            let current = state.connection === connection
            if current {
                state.connection = nil
                state.lostAt = Date()
            }
            return (state.over, current)
        }
        guard !ended, stillCurrent else { return }
        if case LiveProtocolError.closed = reason {
            log("the connection to the mate (\(connection.peer)) closed")
        } else {
            log("closed the connection to the mate (\(connection.peer)): \(reason)")
        }
        guard let reconnect else { return }
        Thread.detachNewThread { [self] in
            let giveUp = Date().addingTimeInterval(timing.reconnectSeconds)
            while Date() < giveUp, !isOver {
                if let connection = reconnect() {
                    log("connected to the host again; the run resumes")
                    attach(connection)
                    return
                }
                Thread.sleep(forTimeInterval: 1)
            }
        }
    }
}

/// The mate at the other end of a `LiveLink`.
struct TCPMateFeed: MateFeed {
    let link: LiveLink

    var knownTotalKm: Double? { nil }

    func read(elapsedSeconds: Int) async throws -> MateStatus {
        let mate = link.mate(at: elapsedSeconds)
        return MateStatus(progress: mate.progress, isConnected: mate.connected)
    }

    func publish(_ progress: RunnerProgress) async throws {
        link.send(LiveFrame(progress))
    }
}
