import Foundation
import RunningData
import RunningDomain
import RunningPresentation
import StrataNetworking
import StrataPluginKit
import StrataRuntime
import StrataStorage

/// Running's typed composition root (kudoleh's `MoviesSceneDIContainer`): the only place that builds its
/// Data types. The clock and the repositories of the history and the tracks are each made once, on first
/// use; the use cases, the live sessions, the scenes and the commands by a `make…` factory, afresh each time.
/// Nothing here is in the shared container: only the screen is.
final class RunningDIContainer: Sendable {
    /// What the container is given: the settings, the data folder and the host services, resolved only when
    /// first needed (registration runs for every command, and a database costs start-up time).
    struct Dependencies: Sendable {
        let settings: RunningSettings
        let dataDirectory: URL
        /// The process environment, where the nickname falls back to the user name.
        let environment: [String: String]
        let databaseOpener: @Sendable () throws -> any DatabaseOpener
        let wallClock: @Sendable () throws -> any WallClock
        /// The live race's TCP sockets: the kernel's in process, strata's in a sandboxed helper.
        var sockets: @Sendable () throws -> any TCPSockets = { KernelTCPSockets() }
        /// Whether Running runs in a sandboxed helper, which reads only its data folder (``PluginContext/isSandboxed``).
        var isSandboxed = false
        /// The host's files the person types (``UserFiles``), asked for in the setup form when sandboxed.
        var userFiles: (@Sendable () throws -> any UserFiles)?
    }

    let dependencies: Dependencies
    private let clock = LazySingleton<any RunClock>()
    private let runHistoryRepository = LazySingleton<any RunHistoryRepository>()
    private let trackRepository = LazySingleton<any TrackRepository>()

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    private var settings: RunningSettings { dependencies.settings }

    // MARK: Use cases

    func makeRunUseCase() throws -> any RunUseCase {
        DefaultRunUseCase(clock: try makeRunClock(), history: try makeRunHistoryRepository())
    }

    func makeImportRunUseCase() throws -> any ImportRunUseCase {
        DefaultImportRunUseCase(history: try makeRunHistoryRepository())
    }

    func makeFetchHistoryUseCase() throws -> any FetchHistoryUseCase {
        DefaultFetchHistoryUseCase(history: try makeRunHistoryRepository())
    }

    func makeInspectTrackUseCase() -> any InspectTrackUseCase {
        DefaultInspectTrackUseCase(tracks: makeTrackRepository())
    }

    func makeFetchRecordsUseCase() throws -> any FetchRecordsUseCase {
        DefaultFetchRecordsUseCase(history: try makeRunHistoryRepository())
    }

    func makeHostLiveRunUseCase(sessions: any LiveSessionRepository) -> any HostLiveRunUseCase {
        DefaultHostLiveRunUseCase(sessions: sessions)
    }

    func makeJoinLiveRunUseCase(sessions: any LiveSessionRepository) -> any JoinLiveRunUseCase {
        DefaultJoinLiveRunUseCase(sessions: sessions)
    }

    // MARK: Repositories and the clock

    /// The host's wall clock as the run clock, made once.
    func makeRunClock() throws -> any RunClock {
        try clock { RuntimeRunClock(wallClock: try dependencies.wallClock()) }
    }

    /// The runs, in the database file the settings name; made once.
    func makeRunHistoryRepository() throws -> any RunHistoryRepository {
        try runHistoryRepository {
            let url = dependencies.dataDirectory.appendingPathComponent(settings.databaseFile)
            return try SQLiteRunHistoryRepository(database: try dependencies.databaseOpener().open(url.path))
        }
    }

    /// GPX files, with the tracks last used remembered in the data folder; made once.
    func makeTrackRepository() -> any TrackRepository {
        trackRepository {
            GPXTrackRepository(
                memoryFile: dependencies.dataDirectory.appendingPathComponent("last-tracks.json"),
                sandboxFolder: dependencies.isSandboxed ? dependencies.dataDirectory : nil)
        }
    }

    /// In a sandboxed helper, the host's user files for tracks typed outside the data folder; `nil` in
    /// process, where Running reads any file the person may.
    func makeTrackFileAccess() -> (any TrackFileAccess)? {
        guard dependencies.isSandboxed, let userFiles = dependencies.userFiles else { return nil }
        return UserFilesTrackAccess(userFiles: userFiles, dataDirectory: dependencies.dataDirectory)
    }

    /// Sessions on this machine, in the configured folder or in `folder` (`--session-dir`); `log` hears why
    /// a mate was refused.
    /// - Throws: `LiveSessionError.folderOutOfReach` in a sandboxed helper for a configured folder outside the
    ///   data folder, the only one it may use (strata refuses such a `--session-dir` before the helper runs).
    func makeLiveSessionRepository(
        in folder: String? = nil,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> any LiveSessionRepository {
        var custom = settings
        if let folder { custom.sessionDirectory = folder }
        let data = dependencies.dataDirectory.standardizedFileURL.path, chosen = custom.sessionFolder().standardizedFileURL.path
        if dependencies.isSandboxed, custom.sessionDirectory != nil, chosen != data, !chosen.hasPrefix(data + "/") {
            throw LiveSessionError.folderOutOfReach(path: chosen, dataFolder: data)
        }
        return SQLiteLiveSessionRepository(
            directory: custom.sessionFolder(), opener: try dependencies.databaseOpener(),
            clock: try makeRunClock(),
            timing: .init(
                inviteTimeoutSeconds: settings.inviteTimeoutSeconds,
                disconnectAfterSeconds: settings.disconnectAfterSeconds),
            log: log)
    }

    /// A session over TCP at `endpoint`; `log` hears of refused and dropped connections.
    func makeNetworkLiveSessionRepository(_ endpoint: LiveEndpoint, log: @escaping @Sendable (String) -> Void) throws -> TCPLiveSessionRepository {
        TCPLiveSessionRepository(
            endpoint: endpoint, sockets: try dependencies.sockets(),
            timing: .init(
                inviteTimeoutSeconds: settings.inviteTimeoutSeconds,
                mateLostSeconds: settings.disconnectAfterSeconds),
            log: log)
    }

    // MARK: Scenes and commands

    func makeRunningSceneDependencies() throws -> RunningSceneDependencies {
        RunningSceneDependencies(
            runUseCase: try makeRunUseCase(), clock: try makeRunClock(), tracks: makeTrackRepository(), trackAccess: makeTrackFileAccess(),
            fetchHistory: try makeFetchHistoryUseCase(), fetchRecords: try makeFetchRecordsUseCase(),
            profile: RunnerProfile(
                nickname: settings.myNickname(dependencies.environment), weightKg: settings.weightKg,
                defaultGoalKm: settings.defaultGoal),
            currentMonth: { YearMonth(date: Date(), calendar: .current) })
    }

    func makeRunningScreenProvider() throws -> RunningScreenProvider {
        RunningScreenProvider(dependencies: try makeRunningSceneDependencies())
    }

    func makeRunningCommands() -> RunningCommands {
        RunningCommands(container: self, settings: settings)
    }
}
