import Foundation
import GptData
import GptDomain
import GptPresentation
import StrataDI
import StrataNetworking
import StrataPluginKit
import StrataRuntime
import StrataStorage
import StrataTerminal

/// LuckyVicky on Strata: a persona reframes the user's trouble through an OpenAI-compatible chat API,
/// a few times a day. The composition root: the only place that builds Data types.
public final class GptPlugin: FeaturePlugin {
    public init() {}

    public func register(in context: PluginContext) throws {
        let settings = try context.settings.decode(GptSettings.self)
        let environment = ProcessInfo.processInfo.environment
        let userID = settings.userID(environment: environment)
        let policy = DailyUsagePolicy(limit: settings.dailyLimit, timeZone: settings.resolvedTimeZone(pinnedIn: context.dataDirectory))
        let rules = TroubleInputRules(maxLength: settings.maxInputLength)
        let databaseURL = context.dataDirectory.appendingPathComponent("gpt.sqlite")
        // Host services are resolved inside the factories, never here: registration runs for every command
        // (and for `strata plugins list`), and an HTTP client or a database costs start-up time.
        @Sendable func now(_ resolver: Resolver) throws -> @Sendable () -> Date {
            let clock = try resolver.resolve((any WallClock).self)
            return { clock.now() }
        }

        let libraryFolder = context.libraryDirectory
        try context.register((any PersonasRepository).self, scope: .singleton) { _ in
            BundledPersonasRepository(bundled: try BundledPersonasRepository.loadBundled(searching: libraryFolder.map { [$0] } ?? []),
                                             extra: settings.extraPersonas)
        }
        try context.register(SQLiteDatabase.self, name: "gpt", scope: .singleton) { resolver in
            try resolver.resolve((any DatabaseOpener).self).open(databaseURL)
        }
        try context.register((any UsageRepository).self, scope: .singleton) { resolver in
            try SQLiteUsageRepository(database: resolver.resolve(SQLiteDatabase.self, name: "gpt"),
                                      reservationLifetime: settings.longestRequest)
        }
        try context.register((any ReplyHistoryRepository).self, scope: .singleton) { resolver in
            try SQLiteReplyHistoryRepository(database: resolver.resolve(SQLiteDatabase.self, name: "gpt"))
        }
        try context.register((any FetchReplyHistoryUseCase).self, scope: .singleton) { resolver in
            DefaultFetchReplyHistoryUseCase(history: try resolver.resolve(), userID: userID)
        }
        try context.register((any ForgetUserUseCase).self, scope: .singleton) { resolver in
            DefaultForgetUserUseCase(history: try resolver.resolve(), usage: try resolver.resolve(), userID: userID)
        }
        try context.register((any ChatRepository).self, scope: .singleton) { resolver in
            let clock = try resolver.resolve((any WallClock).self)
            let service = DataTransferService(client: try resolver.resolve((any HTTPClient).self), baseURL: settings.baseURL,
                                              timeout: settings.timeoutSeconds,
                                              sleep: { seconds in try await clock.sleep(seconds: seconds) })
            return OpenAIChatRepository(service: service, model: settings.model,
                                        authorization: OpenAIAuthorization(baseURL: settings.baseURL, apiKeyEnvironment: settings.apiKeyEnvironment, environment: environment),
                                        apiKeyVariable: settings.apiKeyEnvironment)
        }
        try context.register((any FetchPersonasUseCase).self, scope: .singleton) { resolver in
            DefaultFetchPersonasUseCase(repository: try resolver.resolve((any PersonasRepository).self))
        }
        try context.register((any FetchUsageUseCase).self, scope: .singleton) { resolver in
            DefaultFetchUsageUseCase(repository: try resolver.resolve((any UsageRepository).self), policy: policy,
                                     userID: userID, now: try now(resolver))
        }
        try context.register((any ConvertTroubleUseCase).self, scope: .singleton) { resolver in
            DefaultConvertTroubleUseCase(chat: try resolver.resolve((any ChatRepository).self),
                                         usage: try resolver.resolve((any UsageRepository).self),
                                         history: try resolver.resolve((any ReplyHistoryRepository).self),
                                         personas: try resolver.resolve((any PersonasRepository).self),
                                         policy: policy, rules: rules, userID: userID, now: try now(resolver))
        }
        let repliesFolder = context.dataDirectory.appendingPathComponent("replies")
        try context.register((any SaveReplyUseCase).self, scope: .singleton) { _ in
            DefaultSaveReplyUseCase(replies: FileSavedRepliesRepository(directory: repliesFolder))
        }
        try context.contribute(.screen) { resolver in
            GptScreenProvider(dependencies: GptSceneDependencies(fetchPersonas: try resolver.resolve((any FetchPersonasUseCase).self),
                              fetchUsage: try resolver.resolve((any FetchUsageUseCase).self),
                              convertTrouble: try resolver.resolve((any ConvertTroubleUseCase).self),
                              rules: rules, timeZone: policy.timeZone,
                              saveReply: try resolver.resolve((any SaveReplyUseCase).self),
                              fetchHistory: try resolver.resolve(), forgetUser: try resolver.resolve(), now: try now(resolver)))
        }
        try GptCommands(context: context, settings: settings, timeZone: policy.timeZone).register()
    }
}
