import Foundation
import GptDomain
import GptTesting
import Testing

/// LuckyVicky keeps what was answered, and deleting the account deletes it with the uses.
struct ReplyHistoryTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!

    func useCase(chat: StubChatRepository, usage: InMemoryUsageRepository, history: InMemoryReplyHistoryRepository,
                 at date: Date) -> DefaultConvertTroubleUseCase {
        DefaultConvertTroubleUseCase(chat: chat, usage: usage, history: history, personas: StaticPersonasRepository(),
                                     policy: DailyUsagePolicy(limit: 10, timeZone: seoul),
                                     rules: TroubleInputRules(maxLength: 100), userID: "mina", now: { date })
    }

    @Test func aReplyIsKeptWithItsPersonaTroubleAndTime() async throws {
        let history = InMemoryReplyHistoryRepository()
        let asked = Date(timeIntervalSince1970: 1_773_100_000)
        let chat = StubChatRepository(replies: [.success(.stub(text: "What luck!"))], streams: [[.success(.init(text: "Calm."))]])
        let convert = useCase(chat: chat, usage: InMemoryUsageRepository(), history: history, at: asked)
        _ = try await convert.execute(ConvertTroubleRequest(personaID: "lucky", trouble: "  I missed the bus "))
        for try await _ in convert.stream(ConvertTroubleRequest(personaID: "stoic", trouble: "It rains")) {}

        let entries = try await DefaultFetchReplyHistoryUseCase(history: history, userID: "mina").execute()
        #expect(entries.map(\.reply) == ["Calm.", "What luck!"], "newest first")
        #expect(entries.last == HistoryEntry(askedAt: asked, personaID: "lucky", personaName: "Lucky Vicky",
                                             trouble: "I missed the bus", reply: "What luck!"))
        #expect(entries.first?.personaName == "Marcus")
    }

    /// A reply that can't be kept costs nothing: the use is given back.
    @Test func aReplyThatCantBeKeptIsNotCounted() async throws {
        struct DiskFull: Error, CustomStringConvertible { var description: String { "the disk is full." } }
        let usage = InMemoryUsageRepository()
        let convert = useCase(chat: StubChatRepository(replies: [.success(.stub())]), usage: usage,
                              history: InMemoryReplyHistoryRepository(failure: DiskFull()), at: Date(timeIntervalSince1970: 1_773_100_000))
        await #expect(throws: GptError.replyNotKept("the disk is full.", reply: Reply.stub().text)) {
            try await convert.execute(ConvertTroubleRequest(personaID: "lucky", trouble: "I missed the bus"))
        }
        #expect(usage.recordCalls == 0)
        #expect(usage.releaseCalls == 1)
    }

    @Test func forgettingDeletesTheHistoryAndTheUsesOfThatUserOnly() async throws {
        let day = CalendarDay(year: 2026, month: 3, day: 10)
        let usage = InMemoryUsageRepository(users: [User(id: "mina", name: "mina", usedCount: 3, lastUsedDate: day),
                                                    User(id: "jun", name: "jun", usedCount: 2, lastUsedDate: day)])
        let history = InMemoryReplyHistoryRepository([HistoryEntry(askedAt: Date(), personaID: "lucky", personaName: "Lucky Vicky",
                                                                   trouble: "t", reply: "r")])
        try await history.add(HistoryEntry(askedAt: Date(), personaID: "lucky", personaName: "Lucky Vicky", trouble: "jun's",
                                           reply: "r"), userID: "jun")

        try await DefaultForgetUserUseCase(history: history, usage: usage, userID: "mina").execute()

        #expect(try await history.entries(userID: "mina").isEmpty)
        #expect(usage.confirmed("mina", on: day) == 0)
        #expect(try await history.entries(userID: "jun").map(\.trouble) == ["jun's"])
        #expect(usage.confirmed("jun", on: day) == 2)
    }
}
