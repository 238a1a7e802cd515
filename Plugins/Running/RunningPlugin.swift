import Foundation
import RunningData
import RunningDomain
import RunningPresentation
import StrataDI
import StrataPluginKit
import StrataRuntime
import StrataStorage
import StrataTerminal

/// The composition root of the Running feature (MateRunner on Linux): the only place that builds its
/// concrete types. It registers the repositories and use cases and contributes the `running` commands.
public final class RunningPlugin: FeaturePlugin {
    public init() {}

    public func register(in context: PluginContext) throws {
        let settings = try context.settings.decode(RunningSettings.self)
        let databaseURL = context.dataDirectory.appendingPathComponent(settings.databaseFile)
        try context.register((any RunClock).self, scope: .singleton) { resolver in
            RuntimeRunClock(wallClock: try resolver.resolve((any WallClock).self))
        }
        try context.register((any RunHistoryRepository).self, scope: .singleton) { resolver in
            try SQLiteRunHistoryRepository(database: resolver.resolve((any DatabaseOpener).self).open(databaseURL))
        }
        try context.register((any TrackRepository).self, scope: .singleton) { _ in
            GPXTrackRepository(memoryFile: context.dataDirectory.appendingPathComponent("last-tracks.json"))
        }
        try context.register((any LiveSessionRepository).self) { resolver in
            Self.liveSessions(settings: settings, opener: try resolver.resolve(), clock: try resolver.resolve())
        }
        try context.register((any RunUseCase).self) { resolver in
            DefaultRunUseCase(clock: try resolver.resolve(), history: try resolver.resolve())
        }
        try context.register((any ImportRunUseCase).self) { resolver in
            DefaultImportRunUseCase(history: try resolver.resolve())
        }
        try context.register((any FetchHistoryUseCase).self) { resolver in
            DefaultFetchHistoryUseCase(history: try resolver.resolve())
        }
        try context.register((any InspectTrackUseCase).self) { resolver in
            DefaultInspectTrackUseCase(tracks: try resolver.resolve())
        }
        try context.register((any FetchRecordsUseCase).self) { resolver in
            DefaultFetchRecordsUseCase(history: try resolver.resolve())
        }
        try context.contribute(.screen) { resolver in
            RunningScreenProvider(dependencies: RunningSceneDependencies(
                runUseCase: try resolver.resolve(), clock: try resolver.resolve(), tracks: try resolver.resolve(), fetchHistory: try resolver.resolve(),
                fetchRecords: try resolver.resolve(),
                profile: RunnerProfile(nickname: settings.myNickname(ProcessInfo.processInfo.environment),
                                       weightKg: settings.weightKg, defaultGoalKm: settings.defaultGoal),
                currentMonth: { YearMonth(date: Date(), calendar: .current) }))
        }
        try RunningCommands(context: context, settings: settings).register()
    }

    static func liveSessions(settings: RunningSettings, opener: any DatabaseOpener, clock: any RunClock,
                             log: @escaping @Sendable (String) -> Void = { _ in }) -> any LiveSessionRepository {
        SQLiteLiveSessionRepository(directory: settings.sessionFolder(), opener: opener, clock: clock,
                                    timing: .init(inviteTimeoutSeconds: settings.inviteTimeoutSeconds,
                                                  disconnectAfterSeconds: settings.disconnectAfterSeconds),
                                    log: log)
    }
}
