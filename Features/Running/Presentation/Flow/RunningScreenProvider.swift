import RunningDomain
import StrataTerminal

/// What the screens need, handed over by the plugin.
public struct RunningScreenDependencies: Sendable {
    public var runUseCase: any RunUseCase
    public var tracks: any TrackRepository
    public var fetchHistory: any FetchHistoryUseCase
    public var fetchRecords: any FetchRecordsUseCase
    public var profile: RunnerProfile
    public var currentMonth: @Sendable () -> YearMonth

    public init(runUseCase: any RunUseCase, tracks: any TrackRepository, fetchHistory: any FetchHistoryUseCase,
                fetchRecords: any FetchRecordsUseCase, profile: RunnerProfile,
                currentMonth: @escaping @Sendable () -> YearMonth) {
        self.runUseCase = runUseCase
        self.tracks = tracks
        self.fetchHistory = fetchHistory
        self.fetchRecords = fetchRecords
        self.profile = profile
        self.currentMonth = currentMonth
    }
}

/// Opens the feature in the interactive app: a menu of a new run, the history and the records.
public struct RunningScreenProvider: FeatureScreenProvider {
    private let dependencies: RunningScreenDependencies

    public init(dependencies: RunningScreenDependencies) { self.dependencies = dependencies }

    @MainActor
    public func makeRootScreen(navigator: Navigator) throws -> any Screen {
        RunningFlowCoordinator(navigator: navigator, dependencies: dependencies).start()
    }
}
