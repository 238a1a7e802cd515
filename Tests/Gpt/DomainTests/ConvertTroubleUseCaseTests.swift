import Foundation
import GptDomain
import GptTesting
import Testing
import Synchronization

struct ConvertTroubleUseCaseTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!

    func makeUseCase(chat: StubChatRepository, usage: InMemoryUsageRepository, now: TestNow,
                     limit: Int = 10) -> DefaultConvertTroubleUseCase {
        DefaultConvertTroubleUseCase(chat: chat, usage: usage, history: InMemoryReplyHistoryRepository(), personas: StaticPersonasRepository(),
                                     policy: DailyUsagePolicy(limit: limit, timeZone: seoul),
                                     rules: TroubleInputRules(maxLength: 100), userID: "mina", now: { now() })
    }

    @Test func returnsTheReplyAndRecordsTheUseOnTheLocalDay() async throws {
        // given 23:30 in Seoul on March 10 (14:30 UTC)
        let chat = StubChatRepository(replies: [.success(.stub(text: "완전 럭키비키잖아🍀"))])
        let usage = InMemoryUsageRepository()
        let useCase = makeUseCase(chat: chat, usage: usage, now: TestNow(.utc(2026, 3, 10, 14, 30)))
        // when
        let result = try await useCase.execute(ConvertTroubleRequest(personaID: "lucky", trouble: "  우산을 잃어버렸어  "))
        // then
        #expect(result.reply.text == "완전 럭키비키잖아🍀")
        #expect(result.usage.used == 1)
        #expect(result.usage.resetsAt == .utc(2026, 3, 10, 15))
        #expect(usage.confirmed("mina", on: CalendarDay(year: 2026, month: 3, day: 10)) == 1)
        #expect(chat.calls == [.reply(trouble: "우산을 잃어버렸어", personaID: "lucky")])
    }

    @Test func refusesWhenTheLimitIsReachedAndSaysWhenItResets() async throws {
        let today = CalendarDay(year: 2026, month: 3, day: 11)
        let usage = InMemoryUsageRepository(users: [User(id: "mina", name: "mina", usedCount: 3, lastUsedDate: today)])
        let chat = StubChatRepository()
        let useCase = makeUseCase(chat: chat, usage: usage, now: TestNow(.utc(2026, 3, 11, 1)), limit: 3)

        await #expect(throws: GptError.limitReached(limit: 3, resetsAt: .utc(2026, 3, 11, 15))) {
            try await useCase.execute(ConvertTroubleRequest(personaID: "lucky", trouble: "늦잠 잤어"))
        }
        #expect(chat.calls.isEmpty)
        #expect(usage.recordCalls == 0)
    }

    @Test func usesOfAnEarlierLocalDayDoNotCountAfterLocalMidnight() async throws {
        // given the limit spent on March 10 in Seoul
        let spent = User(id: "mina", name: "mina", usedCount: 3, lastUsedDate: CalendarDay(year: 2026, month: 3, day: 10))
        let usage = InMemoryUsageRepository(users: [spent])
        let chat = StubChatRepository(replies: [.success(.stub())])
        let now = TestNow(.utc(2026, 3, 10, 14, 59, 59)) // 23:59:59 in Seoul
        let useCase = makeUseCase(chat: chat, usage: usage, now: now, limit: 3)
        let request = ConvertTroubleRequest(personaID: "lucky", trouble: "지각했어")
        await #expect(throws: GptError.self) { try await useCase.execute(request) }

        // when the clock passes midnight in Seoul (still March 10 in UTC)
        now.set(.utc(2026, 3, 10, 15, 0, 0))
        let result = try await useCase.execute(request)

        // then the count restarts on the new local day
        #expect(result.usage.used == 1)
        #expect(usage.confirmed("mina", on: CalendarDay(year: 2026, month: 3, day: 11)) == 1)
        #expect(usage.confirmed("mina", on: CalendarDay(year: 2026, month: 3, day: 10)) == 3)
    }

    /// The reply is in the history already; only the count failed, and that is what it says.
    @Test func aUseThatCantBeCountedIsReportedAsSuch() async throws {
        let usage = InMemoryUsageRepository(recordFailure: .init("disk I/O error"))
        let chat = StubChatRepository(replies: [.success(.stub())])
        let useCase = makeUseCase(chat: chat, usage: usage, now: TestNow(.utc(2026, 3, 10)))

        await #expect(throws: GptError.useNotCounted("disk I/O error")) {
            try await useCase.execute(ConvertTroubleRequest(personaID: "lucky", trouble: "배가 고파"))
        }
        #expect(chat.calls.count == 1)
        #expect(usage.recordCalls == 1)
    }

    @Test func aChatFailureRecordsNoUse() async throws {
        let usage = InMemoryUsageRepository()
        let chat = StubChatRepository(replies: [.failure(.quotaExceeded(message: "You exceeded your current quota"))])
        let useCase = makeUseCase(chat: chat, usage: usage, now: TestNow(.utc(2026, 3, 10)))

        await #expect(throws: GptError.chat(.quotaExceeded(message: "You exceeded your current quota"))) {
            try await useCase.execute(ConvertTroubleRequest(personaID: "lucky", trouble: "배가 고파"))
        }
        #expect(usage.recordCalls == 0)
        #expect(usage.releaseCalls == 1, "the reserved use is given back")
        #expect(try await usage.uses(userID: "mina", on: CalendarDay(year: 2026, month: 3, day: 10), at: .utc(2026, 3, 10)) == 0)
    }

    @Test func invalidInputAndUnknownPersonaSendNothing() async throws {
        let usage = InMemoryUsageRepository()
        let chat = StubChatRepository()
        let useCase = makeUseCase(chat: chat, usage: usage, now: TestNow(.utc(2026, 3, 10)))

        await #expect(throws: GptError.invalidInput(.empty)) {
            try await useCase.execute(ConvertTroubleRequest(personaID: "lucky", trouble: "   "))
        }
        await #expect(throws: GptError.invalidInput(.tooLong(count: 101, limit: 100))) {
            try await useCase.execute(ConvertTroubleRequest(personaID: "lucky", trouble: String(repeating: "가", count: 101)))
        }
        await #expect(throws: GptError.unknownPersona(id: "pirate", known: ["lucky", "stoic"])) {
            try await useCase.execute(ConvertTroubleRequest(personaID: "pirate", trouble: "배가 고파"))
        }
        #expect(chat.calls.isEmpty)
    }

    @Test func twoConcurrentUsesAreCountedTwice() async throws {
        let usage = InMemoryUsageRepository()
        let chat = StubChatRepository(replies: [.success(.stub()), .success(.stub())])
        let useCase = makeUseCase(chat: chat, usage: usage, now: TestNow(.utc(2026, 3, 10)))
        let request = ConvertTroubleRequest(personaID: "lucky", trouble: "버스를 놓쳤어")

        async let first = useCase.execute(request)
        async let second = useCase.execute(request)
        let counts = try await [first.usage.used, second.usage.used].sorted()

        #expect(counts == [1, 2])
        #expect(usage.confirmed("mina", on: CalendarDay(year: 2026, month: 3, day: 10)) == 2)
    }

    @Test func streamingDeliversTextThenCompletesAfterRecording() async throws {
        let usage = InMemoryUsageRepository()
        let chat = StubChatRepository(streams: [[.success(.init(text: "완전 ")), .success(.init(text: "")),
                                                 .success(.init(text: "럭키비키!")), .success(.init(text: "", isTruncated: true))]])
        let useCase = makeUseCase(chat: chat, usage: usage, now: TestNow(.utc(2026, 3, 10)))

        var events: [ConvertTroubleEvent] = []
        for try await event in useCase.stream(ConvertTroubleRequest(personaID: "lucky", trouble: "비가 와")) {
            events.append(event)
        }

        let expectedUsage = Usage(used: 1, limit: 10, resetsAt: .utc(2026, 3, 10, 15))
        #expect(events == [.text("완전 "), .text("럭키비키!"),
                           .completed(.init(reply: Reply(personaID: "lucky", text: "완전 럭키비키!", isTruncated: true), usage: expectedUsage))])
    }

    @Test func aStreamThatFailsMidwayRecordsNoUse() async throws {
        let usage = InMemoryUsageRepository()
        let chat = StubChatRepository(streams: [[.success(.init(text: "완전 ")), .failure(.timedOut(seconds: 30))]])
        let useCase = makeUseCase(chat: chat, usage: usage, now: TestNow(.utc(2026, 3, 10)))

        var texts: [ConvertTroubleEvent] = []
        await #expect(throws: GptError.chat(.timedOut(seconds: 30))) {
            for try await event in useCase.stream(ConvertTroubleRequest(personaID: "lucky", trouble: "비가 와")) {
                texts.append(event)
            }
        }
        #expect(texts == [.text("완전 ")])
        #expect(usage.recordCalls == 0)
    }

    @Test func anEmptyReplyIsAnErrorAndNotAUse() async throws {
        let usage = InMemoryUsageRepository()
        let chat = StubChatRepository(replies: [.success(.stub(text: "  \n"))])
        let useCase = makeUseCase(chat: chat, usage: usage, now: TestNow(.utc(2026, 3, 10)))
        await #expect(throws: GptError.chat(.emptyReply)) {
            try await useCase.execute(ConvertTroubleRequest(personaID: "lucky", trouble: "비가 와"))
        }
        #expect(usage.recordCalls == 0)
    }
}

/// LuckyVicky counts a use on the day it was checked. A request checked at 23:59:50 in Seoul whose reply
/// arrives after midnight, while two more asks are made and answered on the new day: each day ends with
/// its exact count (the old day's reply once wiped the new day's uses).
struct MidnightTests {
    /// Answers the first request only after moving the clock past midnight and running `meanwhile`.
    final class SlowFirstReplyChat: ChatRepository, @unchecked Sendable {
        private let calls = Mutex(0)
        var meanwhile: (@Sendable () async -> Void)?

        func reply(to trouble: String, as persona: Persona) async throws(ChatError) -> Reply {
            let first = calls.withLock { calls in calls += 1; return calls == 1 }
            if first, let meanwhile { await meanwhile() }
            return .stub(text: "reply to \(trouble)")
        }

        func streamReply(to trouble: String, as persona: Persona) -> AsyncThrowingStream<ReplyDelta, any Error> {
            AsyncThrowingStream { $0.finish(throwing: ChatError.emptyReply) }
        }
    }

    @Test func aReplyAfterMidnightCountsOnTheDayItWasCheckedAndLeavesTheNewDayAlone() async throws {
        let usage = InMemoryUsageRepository()
        let now = TestNow(.utc(2026, 3, 10, 14, 59, 50))  // 23:59:50 in Seoul
        let chat = SlowFirstReplyChat()
        let useCase = DefaultConvertTroubleUseCase(chat: chat, usage: usage, history: InMemoryReplyHistoryRepository(), personas: StaticPersonasRepository(),
                                                   policy: DailyUsagePolicy(limit: 10, timeZone: TimeZone(identifier: "Asia/Seoul")!),
                                                   rules: TroubleInputRules(maxLength: 100), userID: "mina", now: { now() })
        chat.meanwhile = {
            now.set(.utc(2026, 3, 10, 15, 0, 5))             // 00:00:05 on March 11 in Seoul
            for trouble in ["a", "b"] { _ = try? await useCase.execute(ConvertTroubleRequest(personaID: "lucky", trouble: trouble)) }
        }

        let late = try await useCase.execute(ConvertTroubleRequest(personaID: "lucky", trouble: "late"))

        #expect(late.usage.used == 1)
        #expect(late.usage.resetsAt == .utc(2026, 3, 10, 15))
        #expect(usage.confirmed("mina", on: CalendarDay(year: 2026, month: 3, day: 10)) == 1)
        #expect(usage.confirmed("mina", on: CalendarDay(year: 2026, month: 3, day: 11)) == 2)
    }
}
