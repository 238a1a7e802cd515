import Foundation

extension RunningSetting {
    /// MateRunner's race rule: each runner runs to the goal on their own track, so a track shorter than the goal
    /// can't race. Checked by the host before opening a session, by a joiner once the host's goal is known, and
    /// by every run (`RunRequest.validate`).
    public func checkRace(on timeline: ReplayTimeline) throws(RunRequestProblem) {
        if mode == .race && timeline.totalKm < targetDistanceKm {
            throw .tooShort(trackKm: timeline.totalKm, goalKm: targetDistanceKm, mode: .race)
        }
    }
}

/// Opens a live session for my setting and waits for a mate to join.
public protocol HostLiveRunUseCase: Sendable {
    /// - Parameter onOpen: called once the session can be joined (to tell the person how to join).
    /// - Throws: `RunRequestProblem.tooShort` before opening anything when my track can't race to the goal,
    ///   or the session's error (no mate in time, a wrong code).
    func execute(
        _ setting: RunningSetting, id: SessionID, timeline: ReplayTimeline,
        onOpen: @Sendable () -> Void
    ) async throws -> LiveConnection
}

public struct DefaultHostLiveRunUseCase: HostLiveRunUseCase {
    private let sessions: any LiveSessionRepository

    public init(sessions: any LiveSessionRepository) {
        self.sessions = sessions
    }

    public func execute(
        _ setting: RunningSetting, id: SessionID, timeline: ReplayTimeline,
        onOpen: @Sendable () -> Void
    ) async throws -> LiveConnection {
        try setting.checkRace(on: timeline)
        return try await sessions.host(setting, id: id, onOpen: onOpen)
    }
}

/// Joins a session a mate hosts; the mode and goal are the host's.
public protocol JoinLiveRunUseCase: Sendable {
    /// - Throws: the session's error, or `RunRequestProblem.tooShort` when my track can't race to the host's
    ///   goal; the host is then told I cancelled, so it doesn't wait for me.
    func execute(_ id: SessionID, nickname: String, timeline: ReplayTimeline) async throws -> LiveConnection
}

public struct DefaultJoinLiveRunUseCase: JoinLiveRunUseCase {
    private let sessions: any LiveSessionRepository

    public init(sessions: any LiveSessionRepository) {
        self.sessions = sessions
    }

    public func execute(_ id: SessionID, nickname: String, timeline: ReplayTimeline) async throws -> LiveConnection {
        let connection = try await sessions.join(id, nickname: nickname, trackKm: timeline.totalKm)
        do {
            try connection.setting.checkRace(on: timeline)
        } catch {
            try await connection.mate.publish(RunnerProgress(data: .start, status: .cancelled))
            throw error
        }
        return connection
    }
}
