import Foundation
import GptData
import GptDomain
import GptPresentation
import StrataNetworking
import StrataPluginKit
import StrataRuntime
import StrataStorage

/// LuckyVicky's typed composition root (kudoleh's `MoviesSceneDIContainer`): the only place that builds its
/// Data types. The repositories and use cases are each made once, on first use; the scenes and the commands
/// by a `make…` factory over them. Nothing here is in the shared container: only the screen is.
final class GptDIContainer: Sendable {
    /// What the container is given: the settings, the plugin's folders and the host services, resolved only
    /// when first needed (registration runs for every command, and an HTTP client or a database costs
    /// start-up time).
    struct Dependencies: Sendable {
        let settings: GptSettings
        let dataDirectory: URL
        /// The folder of the bundled personas; `nil` in an in-process test, which searches the usual places.
        let libraryDirectory: URL?
        /// The process environment: the API key and the OS user name.
        let environment: [String: String]
        let httpClient: @Sendable () throws -> any HTTPClient
        let databaseOpener: @Sendable () throws -> any DatabaseOpener
        let wallClock: @Sendable () throws -> any WallClock
    }

    let dependencies: Dependencies
    /// The daily limit, counted in the zone pinned in the data folder (pinned when the container is made).
    let policy: DailyUsagePolicy
    let rules: TroubleInputRules
    let userID: String
    private let database = LazySingleton<SQLiteDatabase>()
    private let personasRepository = LazySingleton<any PersonasRepository>()
    private let usageRepository = LazySingleton<any UsageRepository>()
    private let replyHistoryRepository = LazySingleton<any ReplyHistoryRepository>()
    private let chatRepository = LazySingleton<any ChatRepository>()
    private let fetchReplyHistoryUseCase = LazySingleton<any FetchReplyHistoryUseCase>()
    private let forgetUserUseCase = LazySingleton<any ForgetUserUseCase>()
    private let fetchPersonasUseCase = LazySingleton<any FetchPersonasUseCase>()
    private let fetchUsageUseCase = LazySingleton<any FetchUsageUseCase>()
    private let convertTroubleUseCase = LazySingleton<any ConvertTroubleUseCase>()
    private let saveReplyUseCase = LazySingleton<any SaveReplyUseCase>()

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
        let settings = dependencies.settings
        policy = DailyUsagePolicy(limit: settings.dailyLimit, timeZone: settings.resolvedTimeZone(pinnedIn: dependencies.dataDirectory))
        rules = TroubleInputRules(maxLength: settings.maxInputLength)
        userID = settings.userID(environment: dependencies.environment)
    }

    private var settings: GptSettings { dependencies.settings }

    /// The host's clock, as the use cases read it.
    func makeNow() throws -> @Sendable () -> Date {
        let clock = try dependencies.wallClock()
        return { Date(timeIntervalSince1970: clock.now().secondsSince1970) }
    }

    // MARK: Use cases, each made once

    func makeFetchPersonasUseCase() throws -> any FetchPersonasUseCase {
        try fetchPersonasUseCase { DefaultFetchPersonasUseCase(repository: try makePersonasRepository()) }
    }

    func makeFetchUsageUseCase() throws -> any FetchUsageUseCase {
        try fetchUsageUseCase {
            DefaultFetchUsageUseCase(repository: try makeUsageRepository(), policy: policy, userID: userID, now: try makeNow())
        }
    }

    func makeConvertTroubleUseCase() throws -> any ConvertTroubleUseCase {
        try convertTroubleUseCase {
            DefaultConvertTroubleUseCase(
                chat: try makeChatRepository(), usage: try makeUsageRepository(),
                history: try makeReplyHistoryRepository(), personas: try makePersonasRepository(),
                policy: policy, rules: rules, userID: userID, now: try makeNow())
        }
    }

    func makeFetchReplyHistoryUseCase() throws -> any FetchReplyHistoryUseCase {
        try fetchReplyHistoryUseCase { DefaultFetchReplyHistoryUseCase(history: try makeReplyHistoryRepository(), userID: userID) }
    }

    func makeForgetUserUseCase() throws -> any ForgetUserUseCase {
        try forgetUserUseCase {
            DefaultForgetUserUseCase(history: try makeReplyHistoryRepository(), usage: try makeUsageRepository(), userID: userID)
        }
    }

    func makeSaveReplyUseCase() -> any SaveReplyUseCase {
        saveReplyUseCase {
            DefaultSaveReplyUseCase(replies: FileSavedRepliesRepository(directory: dependencies.dataDirectory.appendingPathComponent("replies")))
        }
    }

    // MARK: Repositories, each made once

    func makePersonasRepository() throws -> any PersonasRepository {
        try personasRepository {
            let bundled = try BundledPersonasRepository.loadBundled(searching: dependencies.libraryDirectory.map { [$0] } ?? [])
            return BundledPersonasRepository(bundled: bundled, extra: settings.extraPersonas)
        }
    }

    func makeUsageRepository() throws -> any UsageRepository {
        try usageRepository { try SQLiteUsageRepository(database: try makeDatabase(), reservationLifetime: settings.longestRequest) }
    }

    func makeReplyHistoryRepository() throws -> any ReplyHistoryRepository {
        try replyHistoryRepository { try SQLiteReplyHistoryRepository(database: try makeDatabase()) }
    }

    func makeChatRepository() throws -> any ChatRepository {
        try chatRepository {
            let clock = try dependencies.wallClock()
            let service = DataTransferService(
                client: try dependencies.httpClient(), baseURL: settings.baseURL.absoluteString,
                timeout: settings.timeoutSeconds,
                sleep: { seconds in try await clock.sleep(seconds: seconds) })
            return OpenAIChatRepository(
                service: service, model: settings.model,
                authorization: OpenAIAuthorization(
                    baseURL: settings.baseURL, apiKeyEnvironment: settings.apiKeyEnvironment,
                    environment: dependencies.environment),
                apiKeyVariable: settings.apiKeyEnvironment)
        }
    }

    /// `gpt.sqlite` in the data folder: the day's uses and the replies.
    func makeDatabase() throws -> SQLiteDatabase {
        try database { try dependencies.databaseOpener().open(dependencies.dataDirectory.appendingPathComponent("gpt.sqlite").path) }
    }

    // MARK: Scenes and commands

    func makeGptScreenProvider() throws -> GptScreenProvider {
        GptScreenProvider(
            dependencies: GptSceneDependencies(
                fetchPersonas: try makeFetchPersonasUseCase(), fetchUsage: try makeFetchUsageUseCase(),
                convertTrouble: try makeConvertTroubleUseCase(), rules: rules, timeZone: policy.timeZone,
                saveReply: makeSaveReplyUseCase(), fetchHistory: try makeFetchReplyHistoryUseCase(),
                forgetUser: try makeForgetUserUseCase(), now: try makeNow()))
    }

    func makeGptCommands() -> GptCommands {
        GptCommands(container: self, settings: settings, timeZone: policy.timeZone)
    }
}
