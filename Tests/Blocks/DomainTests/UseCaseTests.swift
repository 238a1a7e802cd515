import BlocksDomain
import BlocksTesting
import Foundation
import Testing

struct BlockUseCaseTests {
    let repository = InMemoryItemRepository<Block>()
    let clock = FixedBlocksClock(Date(timeIntervalSince1970: 1_800_000_000))

    @Test func createSavesATrimmedTitleWithTheClocksDate() throws {
        let block = try DefaultItemCreateUseCase(repository: repository, clock: clock)
            .execute(BlockDraft(title: "  Deep work ", hours: 4))
        #expect(block.title == "Deep work")
        #expect(block.length == .four)
        #expect(block.createdAt == clock.now())
        #expect(try repository.fetchAll() == [block])
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func createRefusesAnEmptyTitle(title: String) throws {
        #expect(throws: BlocksError.emptyTitle) {
            try DefaultItemCreateUseCase(repository: repository, clock: clock).execute(BlockDraft(title: title, hours: 4))
        }
        #expect(try repository.fetchAll().isEmpty)
    }

    /// A title of 200 characters is kept; one longer is refused, saying how long it is (before, a 120 KB title
    /// pasted from a file was saved whole).
    @Test func createRefusesATitleLongerThanTwoHundredCharacters() throws {
        let useCase = DefaultItemCreateUseCase(repository: repository, clock: clock)
        let longest = String(repeating: "é", count: BlocksValidation.maximumTitleLength)
        #expect(throws: BlocksError.titleTooLong(characters: 201, maximum: 200)) { try useCase.execute(BlockDraft(title: longest + "x", hours: 4)) }
        #expect(try repository.fetchAll().isEmpty)
        #expect(try useCase.execute(BlockDraft(title: longest, hours: 4)).title == longest)
    }

    @Test func createRefusesAnUnsetOrUnsupportedLength() {
        let useCase = DefaultItemCreateUseCase(repository: repository, clock: clock)
        #expect(throws: BlocksError.missingBlockLength) { try useCase.execute(BlockDraft(title: "A", hours: nil)) }
        #expect(throws: BlocksError.unsupportedBlockLength(5)) { try useCase.execute(BlockDraft(title: "A", hours: 5)) }
        #expect(throws: BlocksError.unsupportedBlockLength(-1)) { try useCase.execute(BlockDraft(title: "A", hours: -1)) }
    }

    @Test func editKeepsIdAndCreationDate() throws {
        let original = Block.stub()
        let repository = InMemoryItemRepository<Block>([original])
        let edited = try DefaultItemEditUseCase(repository: repository).execute(id: original.id, BlockDraft(title: "Reading", hours: 12))
        #expect(edited == Block(id: original.id, title: "Reading", length: .twelve, createdAt: original.createdAt))
        #expect(try repository.fetch(id: original.id) == edited)
    }

    @Test func editValidatesLikeCreate() throws {
        let original = Block.stub()
        let repository = InMemoryItemRepository<Block>([original])
        #expect(throws: BlocksError.emptyTitle) {
            try DefaultItemEditUseCase(repository: repository).execute(id: original.id, BlockDraft(title: " ", hours: 4))
        }
        #expect(try repository.fetch(id: original.id) == original)
    }

    @Test func editAndDeleteOfAnUnknownIdAreNotFound() {
        let id = UUID()
        #expect(throws: BlocksError.notFound(.block, id)) {
            try DefaultItemEditUseCase(repository: repository).execute(id: id, BlockDraft(title: "A", hours: 4))
        }
        #expect(throws: BlocksError.notFound(.block, id)) {
            try DefaultItemDeleteUseCase(repository: repository, runningMode: InMemoryRunningModeRepository()).execute(id: id)
        }
    }

    @Test func deletingTheRunningBlockStopsTheClockButDeletingAnotherDoesNot() throws {
        let running = Block.stub(), other = Block.stub(id: UUID(), title: "Other")
        let repository = InMemoryItemRepository<Block>([running, other])
        let mode = RunningMode(kind: .block, itemID: running.id, startedAt: clock.now())
        let modes = InMemoryRunningModeRepository(mode)
        let delete = DefaultItemDeleteUseCase(repository: repository, runningMode: modes)
        try delete.execute(id: other.id)
        #expect(try modes.load() == mode)
        try delete.execute(id: running.id)
        #expect(try modes.load() == nil)
        #expect(try repository.fetchAll().isEmpty)
    }
}

struct DailyUseCaseTests {
    let repository = InMemoryItemRepository<Daily>()
    let clock = FixedBlocksClock(Date(timeIntervalSince1970: 1_800_000_000))

    func draft(repeats: Int = 4, focus: Int = 3_000, rest: Int = 600, start: Int = 9 * 3600) -> DailyDraft {
        DailyDraft(title: "Study", startSeconds: start, repeatCount: repeats, focusSeconds: focus, breakSeconds: rest)
    }

    @Test func createTurnsZeroDurationsIntoAMinute() throws {
        let daily = try DefaultItemCreateUseCase(repository: repository, clock: clock).execute(draft(focus: 0, rest: 0))
        #expect(daily.focusSeconds == 60)
        #expect(daily.breakSeconds == 60)
    }

    @Test func createAcceptsMidnightAsStart() throws {
        // Tempus turned 00:00 into 00:01.
        let daily = try DefaultItemCreateUseCase(repository: repository, clock: clock).execute(draft(start: 0))
        #expect(daily.startSeconds == 0)
    }

    @Test func createRefusesASchedulesLongerThanADay() throws {
        let useCase = DefaultItemCreateUseCase(repository: repository, clock: clock)
        // 25 rounds of one hour: 25 h.
        #expect(throws: BlocksError.tooManyRepeats(requested: 25, maximum: 24)) { try useCase.execute(draft(repeats: 25)) }
        #expect(try repository.fetchAll().isEmpty)
        // Exactly 24 h fits.
        #expect(try useCase.execute(draft(repeats: 24)).totalSeconds == 86_400)
    }

    @Test func createRefusesNonsense() {
        let useCase = DefaultItemCreateUseCase(repository: repository, clock: clock)
        #expect(throws: BlocksError.invalidRepeatCount(0)) { try useCase.execute(draft(repeats: 0)) }
        #expect(throws: BlocksError.invalidStartTime(seconds: 86_400)) { try useCase.execute(draft(start: 86_400)) }
        #expect(throws: BlocksError.negativeDuration(field: "focus", seconds: -1)) { try useCase.execute(draft(focus: -1)) }
        #expect(throws: BlocksError.emptyTitle) {
            try useCase.execute(DailyDraft(title: "", startSeconds: 0, repeatCount: 1, focusSeconds: 60, breakSeconds: 60))
        }
    }

    @Test func editClampsTheRepeatCountToWhatFits() throws {
        let original = Daily.stub()
        let repository = InMemoryItemRepository<Daily>([original])
        // Two-hour rounds: at most 12 fit in a day.
        let edited = try DefaultItemEditUseCase(repository: repository)
            .execute(id: original.id, draft(repeats: 20, focus: 6_000, rest: 1_200))
        #expect(edited.repeatCount == 12)
        #expect(edited.createdAt == original.createdAt)
        #expect(try repository.fetch(id: original.id).repeatCount == 12)
    }

    @Test func editRefusesWhenNotEvenOneRoundFits() {
        let original = Daily.stub()
        let repository = InMemoryItemRepository<Daily>([original])
        #expect(throws: BlocksError.tooManyRepeats(requested: 1, maximum: 0)) {
            try DefaultItemEditUseCase(repository: repository).execute(id: original.id, draft(repeats: 1, focus: 80_000, rest: 10_000))
        }
    }
}

struct TimerUseCaseTests {
    @Test func createTurnsAZeroDurationIntoAMinuteAndRefusesNegative() throws {
        let repository = InMemoryItemRepository<FocusTimer>()
        let useCase = DefaultItemCreateUseCase(repository: repository, clock: FixedBlocksClock(Date()))
        #expect(try useCase.execute(TimerDraft(title: "Tea", durationSeconds: 0)).durationSeconds == 60)
        #expect(throws: BlocksError.negativeDuration(field: "timer", seconds: -5)) {
            try useCase.execute(TimerDraft(title: "Tea", durationSeconds: -5))
        }
        #expect(throws: BlocksError.emptyTitle) { try useCase.execute(TimerDraft(title: "", durationSeconds: 60)) }
    }

    /// A year is the longest: `--duration 9223372036854775807s` was saved, and the clock then trapped on it.
    @Test func createRefusesADurationLongerThanAYear() throws {
        let repository = InMemoryItemRepository<FocusTimer>()
        let useCase = DefaultItemCreateUseCase(repository: repository, clock: FixedBlocksClock(Date()))
        let year = BlocksValidation.maximumDuration
        #expect(throws: BlocksError.durationTooLong(field: "timer", seconds: year + 1, maximum: year)) {
            try useCase.execute(TimerDraft(title: "Tea", durationSeconds: year + 1))
        }
        #expect(throws: BlocksError.durationTooLong(field: "timer", seconds: .max, maximum: year)) {
            try useCase.execute(TimerDraft(title: "Tea", durationSeconds: .max))
        }
        #expect(try repository.fetchAll().isEmpty)
        #expect(try useCase.execute(TimerDraft(title: "Tea", durationSeconds: year)).durationSeconds == year)
    }

    @Test func fetchAllAnswersNewestFirst() throws {
        let old = FocusTimer.stub(id: UUID(), title: "Old", createdAt: Date(timeIntervalSince1970: 1))
        let new = FocusTimer.stub(id: UUID(), title: "New", createdAt: Date(timeIntervalSince1970: 2))
        let fetch = DefaultItemFetchUseCase(repository: InMemoryItemRepository<FocusTimer>([old, new]))
        #expect(try fetch.fetchAll().map(\.title) == ["New", "Old"])
    }
}
