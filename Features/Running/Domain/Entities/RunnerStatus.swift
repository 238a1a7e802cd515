/// Where a runner stands, as the other side of a run sees it.
public enum RunnerStatus: String, Sendable, Codable {
    /// Still running.
    case running
    /// Reached the end of the run (the goal, or the race / team goal).
    case finished
    /// Stopped the run on purpose.
    case cancelled
    /// Their track ran out before the goal: they stand still from now on.
    case trackEnded
}

/// One runner's progress and status, as published to the mate.
public struct RunnerProgress: Sendable, Equatable, Codable {
    public var data: RealTimeData
    public var status: RunnerStatus

    public init(data: RealTimeData, status: RunnerStatus) {
        self.data = data
        self.status = status
    }
}

/// What is known of the mate at a moment of the run.
public struct MateStatus: Sendable, Equatable {
    public var nickname: String?
    public var progress: RunnerProgress
    /// `false` once the mate has not written for longer than the disconnect threshold.
    public var isConnected: Bool

    public init(nickname: String? = nil, progress: RunnerProgress, isConnected: Bool = true) {
        self.nickname = nickname
        self.progress = progress
        self.isConnected = isConnected
    }
}
