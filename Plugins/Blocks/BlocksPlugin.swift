import BlocksData
import BlocksDomain
import BlocksPresentation
import FoundationEssentials
import StrataDI
import StrataPluginKit
import StrataRuntime
import StrataStorage
import StrataTerminal

/// The composition root of the Blocks feature (Tempus on Linux): the only place that builds its concrete
/// types. It registers the repositories and use cases and contributes the `blocks`, `daily`, `timer` and
/// `clock` commands.
public final class BlocksPlugin: FeaturePlugin {
    public init() {}

    public func register(in context: PluginContext) throws {
        let settings = try context.settings.decode(BlocksSettings.self)
        let databaseURL = context.dataDirectory.appendingPathComponent(settings.databaseFile)
        try registerStorage(in: context, databaseURL: databaseURL)
        // Built on first use: only the clock and the schedules need wall-clock time (see TimeZoneDatabase).
        try context.register(Calendar.self, scope: .singleton) { _ in try settings.calendar() }
        try registerUseCases(in: context)
        try registerScreens(in: context)
        try BlocksCommands(context: context).register()
    }

    private func registerStorage(in context: PluginContext, databaseURL: URL) throws {
        try context.register(SQLiteDatabase.self, scope: .singleton) { resolver in
            try resolver.resolve((any DatabaseOpener).self).open(databaseURL)
        }
        try context.register((any RunningModeRepository).self, scope: .singleton) { resolver in
            try SQLiteRunningModeRepository(database: resolver.resolve(SQLiteDatabase.self))
        }
        try context.register((any PhaseNotifier).self, scope: .singleton) { _ in
            DesktopPhaseNotifier(environment: ProcessInfo.processInfo.environment)
        }
        try context.register((any BlocksClock).self, scope: .singleton) { resolver in
            HostBlocksClock(wallClock: try resolver.resolve((any WallClock).self))
        }
    }

    private func registerScreens(in context: PluginContext) throws {
        try context.contribute(.screen) { resolver in
            BlocksScreenProvider(dependencies: BlocksSceneDependencies(
                blocks: try Self.itemUseCases(resolver), dailies: try Self.itemUseCases(resolver),
                timers: try Self.itemUseCases(resolver), start: try resolver.resolve(), clock: try resolver.resolve(),
                stop: try resolver.resolve(), wallClock: try resolver.resolve(), notifier: try resolver.resolve()))
        }
    }

    private static func itemUseCases<Item: BlocksItem>(_ resolver: Resolver) throws -> ItemUseCases<Item> {
        ItemUseCases(fetch: try resolver.resolve(), create: try resolver.resolve(), edit: try resolver.resolve(),
                     delete: try resolver.resolve())
    }

    /// One kind's repository (in the plugin's database) and its use cases.
    private func registerItems<Item: SQLiteStoredItem>(_: Item.Type, in context: PluginContext) throws {
        try context.register((any ItemRepository<Item>).self, scope: .singleton) { resolver in
            try SQLiteItemRepository<Item>(database: resolver.resolve(SQLiteDatabase.self))
        }
        try context.register((any ItemFetchUseCase<Item>).self) { DefaultItemFetchUseCase(repository: try $0.resolve()) }
        try context.register((any ItemCreateUseCase<Item>).self) {
            DefaultItemCreateUseCase(repository: try $0.resolve(), clock: try $0.resolve())
        }
        try context.register((any ItemEditUseCase<Item>).self) { DefaultItemEditUseCase(repository: try $0.resolve()) }
        try context.register((any ItemDeleteUseCase<Item>).self) {
            DefaultItemDeleteUseCase(repository: try $0.resolve(), runningMode: try $0.resolve())
        }
    }

    private func registerUseCases(in context: PluginContext) throws {
        try registerItems(Block.self, in: context)
        try registerItems(Daily.self, in: context)
        try registerItems(FocusTimer.self, in: context)
        try context.register(ModeItemSource.self) {
            ModeItemSource(blocks: try $0.resolve(), dailies: try $0.resolve(), timers: try $0.resolve())
        }
        try context.register((any ModeStartUseCase).self) {
            DefaultModeStartUseCase(items: try $0.resolve(), runningMode: try $0.resolve(), clock: try $0.resolve(),
                                    calendar: try $0.resolve(Calendar.self))
        }
        try context.register((any ClockFetchUseCase).self) {
            DefaultClockFetchUseCase(items: try $0.resolve(), runningMode: try $0.resolve(), clock: try $0.resolve(),
                                     calendar: try $0.resolve(Calendar.self))
        }
        try context.register((any ClockStopUseCase).self) { DefaultClockStopUseCase(runningMode: try $0.resolve()) }
    }
}
