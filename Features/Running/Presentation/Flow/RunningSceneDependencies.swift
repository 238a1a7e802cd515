import RunningDomain

/// What the running scenes need, handed over by the composition root.
public struct RunningSceneDependencies: Sendable {
    public var runUseCase: any RunUseCase
    /// What the countdown before a run waits on.
    public var clock: any RunClock
    public var tracks: any TrackRepository
    /// What the setup form reads a typed track through (`nil`: the path itself).
    public var trackAccess: (any TrackFileAccess)?
    public var fetchHistory: any FetchHistoryUseCase
    public var fetchRecords: any FetchRecordsUseCase
    public var profile: RunnerProfile
    public var currentMonth: @Sendable () -> YearMonth

    public init(
        runUseCase: any RunUseCase, clock: any RunClock, tracks: any TrackRepository, trackAccess: (any TrackFileAccess)? = nil,
        fetchHistory: any FetchHistoryUseCase,
        fetchRecords: any FetchRecordsUseCase, profile: RunnerProfile,
        currentMonth: @escaping @Sendable () -> YearMonth
    ) {
        self.runUseCase = runUseCase
        self.clock = clock
        self.tracks = tracks
        self.trackAccess = trackAccess
        self.fetchHistory = fetchHistory
        self.fetchRecords = fetchRecords
        self.profile = profile
        self.currentMonth = currentMonth
    }
}
