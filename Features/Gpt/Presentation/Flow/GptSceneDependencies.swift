import Foundation
import GptDomain

/// What the gpt scenes need, handed over by the composition root.
public struct GptSceneDependencies: Sendable {
    let fetchPersonas: any FetchPersonasUseCase
    let fetchUsage: any FetchUsageUseCase
    let convertTrouble: any ConvertTroubleUseCase
    let rules: TroubleInputRules
    let timeZone: TimeZone
    let saveReply: any SaveReplyUseCase
    let fetchHistory: any FetchReplyHistoryUseCase
    let forgetUser: any ForgetUserUseCase
    let now: @Sendable () -> Date

    public init(
        fetchPersonas: any FetchPersonasUseCase, fetchUsage: any FetchUsageUseCase,
        convertTrouble: any ConvertTroubleUseCase, rules: TroubleInputRules, timeZone: TimeZone,
        saveReply: any SaveReplyUseCase, fetchHistory: any FetchReplyHistoryUseCase,
        forgetUser: any ForgetUserUseCase, now: @escaping @Sendable () -> Date
    ) {
        self.fetchPersonas = fetchPersonas
        self.fetchUsage = fetchUsage
        self.convertTrouble = convertTrouble
        self.rules = rules
        self.timeZone = timeZone
        self.saveReply = saveReply
        self.fetchHistory = fetchHistory
        self.forgetUser = forgetUser
        self.now = now
    }
}
