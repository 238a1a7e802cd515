import BlocksData
import BlocksDomain
import BlocksPresentation
import FoundationEssentials
import StrataPluginKit
import StrataRuntime
import StrataStorage

/// Blocks' typed composition root (kudoleh's `MoviesSceneDIContainer`): the only place that builds its Data
/// types. The database, the repositories, the clock, the notifier and the calendar are each made once, on
/// first use; the use cases, the scenes and the commands by a `make…` factory, afresh each time. Nothing
/// here is in the shared container: only the screen is.
final class BlocksDIContainer: Sendable {
    /// What the container is given: the settings, the data folder and the host services, resolved only when
    /// first needed (registration runs for every command, and a database costs start-up time).
    struct Dependencies: Sendable {
        let settings: BlocksSettings
        let dataDirectory: URL
        /// The process environment, which tells how to reach the desktop's notifications.
        let environment: [String: String]
        let databaseOpener: @Sendable () throws -> any DatabaseOpener
        let wallClock: @Sendable () throws -> any WallClock
    }

    let dependencies: Dependencies
    private let database = LazySingleton<SQLiteDatabase>()
    private let runningModeRepository = LazySingleton<any RunningModeRepository>()
    private let blockRepository = LazySingleton<any ItemRepository<Block>>()
    private let dailyRepository = LazySingleton<any ItemRepository<Daily>>()
    private let timerRepository = LazySingleton<any ItemRepository<FocusTimer>>()
    private let clock = LazySingleton<any BlocksClock>()
    private let notifier = LazySingleton<any PhaseNotifier>()
    private let calendar = LazySingleton<Calendar>()

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    // MARK: Use cases

    func makeBlockUseCases() throws -> ItemUseCases<Block> { try makeItemUseCases(blockRepository) }

    func makeDailyUseCases() throws -> ItemUseCases<Daily> { try makeItemUseCases(dailyRepository) }

    func makeTimerUseCases() throws -> ItemUseCases<FocusTimer> { try makeItemUseCases(timerRepository) }

    func makeModeStartUseCase() throws -> any ModeStartUseCase {
        DefaultModeStartUseCase(
            items: try makeModeItemSource(), runningMode: try makeRunningModeRepository(),
            clock: try makeBlocksClock(), calendar: try makeCalendar())
    }

    func makeClockFetchUseCase() throws -> any ClockFetchUseCase {
        DefaultClockFetchUseCase(
            items: try makeModeItemSource(), runningMode: try makeRunningModeRepository(),
            clock: try makeBlocksClock(), calendar: try makeCalendar())
    }

    func makeClockStopUseCase() throws -> any ClockStopUseCase {
        DefaultClockStopUseCase(runningMode: try makeRunningModeRepository())
    }

    /// One kind's four use cases over its repository.
    private func makeItemUseCases<Item: SQLiteStoredItem>(_ singleton: LazySingleton<any ItemRepository<Item>>) throws -> ItemUseCases<Item> {
        let repository = try makeItemRepository(singleton)
        return ItemUseCases(
            fetch: DefaultItemFetchUseCase(repository: repository),
            create: DefaultItemCreateUseCase(repository: repository, clock: try makeBlocksClock()),
            edit: DefaultItemEditUseCase(repository: repository),
            delete: DefaultItemDeleteUseCase(repository: repository, runningMode: try makeRunningModeRepository()))
    }

    private func makeModeItemSource() throws -> ModeItemSource {
        ModeItemSource(
            blocks: try makeItemRepository(blockRepository), dailies: try makeItemRepository(dailyRepository),
            timers: try makeItemRepository(timerRepository))
    }

    // MARK: Made once

    /// One kind's repository, in the plugin's database, made once by `singleton`.
    private func makeItemRepository<Item: SQLiteStoredItem>(_ singleton: LazySingleton<any ItemRepository<Item>>) throws -> any ItemRepository<Item> {
        try singleton { try SQLiteItemRepository<Item>(database: try makeDatabase()) }
    }

    /// The database file the settings name, in the data folder.
    func makeDatabase() throws -> SQLiteDatabase {
        try database {
            try dependencies.databaseOpener().open(dependencies.dataDirectory.appendingPathComponent(dependencies.settings.databaseFile).path)
        }
    }

    func makeRunningModeRepository() throws -> any RunningModeRepository {
        try runningModeRepository { try SQLiteRunningModeRepository(database: try makeDatabase()) }
    }

    func makeBlocksClock() throws -> any BlocksClock {
        try clock { HostBlocksClock(wallClock: try dependencies.wallClock()) }
    }

    func makePhaseNotifier() -> any PhaseNotifier {
        notifier { DesktopPhaseNotifier(environment: dependencies.environment) }
    }

    /// The calendar the schedules use, built on first use: only the clock and the schedules need wall-clock
    /// time (see TimeZoneDatabase).
    func makeCalendar() throws -> Calendar {
        try calendar { try dependencies.settings.calendar() }
    }

    // MARK: Scenes and commands

    func makeBlocksScreenProvider() throws -> BlocksScreenProvider {
        BlocksScreenProvider(
            dependencies: BlocksSceneDependencies(
                blocks: try makeBlockUseCases(), dailies: try makeDailyUseCases(), timers: try makeTimerUseCases(),
                start: try makeModeStartUseCase(), clock: try makeClockFetchUseCase(), stop: try makeClockStopUseCase(),
                wallClock: try makeBlocksClock(), notifier: makePhaseNotifier()))
    }

    func makeBlocksCommands() -> BlocksCommands {
        BlocksCommands(container: self)
    }
}
