/// A mate who is a recorded track replayed on the same clock as mine.
public struct GhostMate: MateFeed {
    public let nickname: String
    public let timeline: ReplayTimeline

    public init(nickname: String, timeline: ReplayTimeline) {
        self.nickname = nickname
        self.timeline = timeline
    }

    public var knownTotalKm: Double? { timeline.totalKm }

    public func read(elapsedSeconds: Int) async throws -> MateStatus {
        let seconds = Double(elapsedSeconds)
        let status: RunnerStatus = seconds >= timeline.durationSeconds ? .trackEnded : .running
        let data = RealTimeData(elapsedDistanceKm: timeline.distanceKm(at: seconds), elapsedSeconds: elapsedSeconds)
        return MateStatus(nickname: nickname, progress: RunnerProgress(data: data, status: status))
    }

    public func publish(_ progress: RunnerProgress) async throws {}
}
