import Foundation
import GptDomain
import GptPresentation
import GptTesting
import Testing

@MainActor
final class ShownResults {
    var results: [(trouble: String, result: ConvertTroubleResult)] = []
}

@MainActor
struct TroubleInputViewModelTests {
    let utc = TimeZone(identifier: "UTC")!

    func makeViewModel(chat: StubChatRepository, usage: InMemoryUsageRepository = InMemoryUsageRepository(),
                       limit: Int = 10, shown: ShownResults) -> TroubleInputViewModel {
        let useCase = DefaultConvertTroubleUseCase(chat: chat, usage: usage, history: InMemoryReplyHistoryRepository(), personas: StaticPersonasRepository(),
                                                   policy: DailyUsagePolicy(limit: limit, timeZone: utc),
                                                   rules: TroubleInputRules(maxLength: 100), userID: "mina",
                                                   now: { Date(timeIntervalSince1970: 0) })
        return TroubleInputViewModel(persona: .stub(), convertTrouble: useCase, rules: TroubleInputRules(maxLength: 100),
                                     timeZone: TimeZone(identifier: "Asia/Seoul")!, now: { Date(timeIntervalSince1970: 0) },
                                     actions: .init(showResult: { _, trouble, result in shown.results.append((trouble, result)) }))
    }

    @Test func countsCharactersAsAPersonDoesAndEnablesConvertOnlyForValidText() {
        let viewModel = makeViewModel(chat: StubChatRepository(), shown: ShownResults())
        #expect(viewModel.counterText == "0/100")
        #expect(!viewModel.isConvertEnabled)

        #expect(!viewModel.hasUnsentTrouble)
        viewModel.text = "  "
        #expect(!viewModel.hasUnsentTrouble, "blank is nothing to lose")
        viewModel.text = "  시험 망했어 😭 "
        #expect(viewModel.counterText == "8/100")
        #expect(viewModel.isConvertEnabled)

        viewModel.text = String(repeating: "🍀", count: 101)
        #expect(viewModel.counterText == "101/100")
        #expect(viewModel.isOverLimit)
        #expect(!viewModel.isConvertEnabled)
    }

    @Test func convertStreamsTheReplyInThenShowsTheRecordedResult() async {
        let shown = ShownResults()
        let chat = StubChatRepository(streams: [[.success(.init(text: "완전 ")), .success(.init(text: "럭키비키잖아🍀"))]])
        let viewModel = makeViewModel(chat: chat, shown: shown)
        viewModel.text = " 우산을 잃어버렸어 "
        #expect(viewModel.hasUnsentTrouble, "Esc asks before throwing the text away")

        await viewModel.convert()
        #expect(!viewModel.hasUnsentTrouble, "back from the reply, the converted text leaves without a question")

        #expect(viewModel.streamedReply == "완전 럭키비키잖아🍀")
        #expect(!viewModel.isLoading)
        #expect(viewModel.errorAlert == nil)
        #expect(shown.results.map(\.trouble) == ["우산을 잃어버렸어"])
        #expect(shown.results.first?.result.reply.text == "완전 럭키비키잖아🍀")
        #expect(shown.results.first?.result.usage.used == 1)
    }

    @Test func aSpentLimitShowsAnAlertAndNoResult() async {
        let shown = ShownResults()
        let spent = InMemoryUsageRepository(users: [User(id: "mina", name: "mina", usedCount: 1,
                                                         lastUsedDate: CalendarDay(year: 1970, month: 1, day: 1))])
        let viewModel = makeViewModel(chat: StubChatRepository(), usage: spent, limit: 1, shown: shown)
        viewModel.text = "늦잠"

        await viewModel.convert()

        // 1970-01-01 00:00 UTC is 09:00 in Seoul; the limit, counted in UTC, comes back at 09:00 the next day.
        #expect(viewModel.errorAlert?.hasPrefix("Today's limit of 1 use is reached. It resets at 09:00") == true, "\(viewModel.errorAlert ?? "")")
        #expect(viewModel.errorAlert?.hasSuffix(", in 24 h.") == true)
        #expect(shown.results.isEmpty)
        #expect(viewModel.leavingQuestion == "Discard your trouble? Today's limit is reached, so it couldn't be sent.",
                "the limit stopped it, not the person")
        viewModel.text = "늦잠 또"
        #expect(viewModel.leavingQuestion == "Discard your trouble? It has not been sent.")
        viewModel.dismissAlert()
        #expect(viewModel.errorAlert == nil)
    }

    @Test func aFailedRecordingShowsThatTheUseWasNotRecorded() async {
        let shown = ShownResults()
        let chat = StubChatRepository(streams: [[.success(.init(text: "럭키!"))]])
        let viewModel = makeViewModel(chat: chat, usage: InMemoryUsageRepository(recordFailure: .init("disk full")), shown: shown)
        viewModel.text = "늦잠"

        await viewModel.convert()

        #expect(viewModel.errorAlert?.hasPrefix("the reply is saved in your history, but this use couldn't be counted") == true)
        #expect(shown.results.isEmpty)
    }

    /// Leaving while the reply streams cancels the ask: no use is counted and no reply screen opens later.
    @Test func aCancelledAskIsNotCountedAndShowsNothing() async throws {
        let shown = ShownResults()
        let usage = InMemoryUsageRepository()
        let hanging = TroubleInputViewModel(
            persona: .stub(),
            convertTrouble: DefaultConvertTroubleUseCase(chat: EndlessChatRepository(), usage: usage, history: InMemoryReplyHistoryRepository(), personas: StaticPersonasRepository(),
                                                         policy: DailyUsagePolicy(limit: 10, timeZone: utc), rules: TroubleInputRules(maxLength: 100),
                                                         userID: "mina", now: { Date(timeIntervalSince1970: 0) }),
            rules: TroubleInputRules(maxLength: 100), timeZone: utc, now: { Date(timeIntervalSince1970: 0) },
            actions: .init(showResult: { _, trouble, result in shown.results.append((trouble, result)) }))
        hanging.text = "늦잠"
        let ask = Task { await hanging.convert() }
        for _ in 0..<10_000 where hanging.streamedReply.isEmpty { await Task.yield() }
        #expect(hanging.streamedReply == "Well")
        ask.cancel()
        await ask.value
        #expect(shown.results.isEmpty)
        #expect(hanging.errorAlert == nil && !hanging.isLoading)
        let today = try await DefaultFetchUsageUseCase(repository: usage, policy: DailyUsagePolicy(limit: 10, timeZone: utc),
                                                       userID: "mina", now: { Date(timeIntervalSince1970: 0) }).execute()
        #expect(today.used == 0, "a cancelled ask gives its use back")
    }
}

/// A reply that starts and never ends, until the request is cancelled.
private struct EndlessChatRepository: ChatRepository {
    func reply(to trouble: String, as persona: Persona) async throws(ChatError) -> Reply {
        throw .transport("EndlessChatRepository: unexpected call reply(to:)")
    }

    func streamReply(to trouble: String, as persona: Persona) -> AsyncThrowingStream<ReplyDelta, any Error> {
        AsyncThrowingStream { continuation in
            continuation.yield(ReplyDelta(text: "Well"))
            let waiting = Task {
                try? await Task.sleep(for: .seconds(3600))  // ends early when the request is cancelled
                continuation.finish(throwing: CancellationError())
            }
            continuation.onTermination = { _ in waiting.cancel() }
        }
    }
}
