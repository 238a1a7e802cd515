import BlocksDomain
import BlocksPresentation
import BlocksTesting
import Foundation
import Testing

@MainActor
struct BlockFlowTests {
    let repository = InMemoryItemRepository<Block>([.stub()])
    let modes = InMemoryRunningModeRepository()
    let clock = FixedBlocksClock(.iso("2026-06-10T09:20:00+02:00"))

    var items: ModeItemSource { .inMemory(blocks: repository) }

    var start: DefaultModeStartUseCase {
        DefaultModeStartUseCase(items: items, runningMode: modes, clock: clock, calendar: .gregorian(in: "Europe/Berlin"))
    }

    var useCases: ItemUseCases<Block> { .inMemory(repository, modes: modes, clock: clock) }

    func list() -> ItemListViewModel<Block> {
        ItemListViewModel(useCases: useCases, clock: DefaultClockFetchUseCase(items: items, runningMode: modes, clock: clock,
                                                                             calendar: .gregorian(in: "Europe/Berlin")))
    }

    func edit(_ block: Block, refresh: (any FetchRefreshDelegate)?,
              reflect: (any EditReflectDelegate<Block>)?) -> ItemFormViewModel<Block> {
        ItemFormViewModel(.edit(id: block.id, useCases.edit), draft: block.draft, fetchRefreshDelegate: refresh,
                          editReflectDelegate: reflect)
    }

    func create(refresh: (any FetchRefreshDelegate)?) -> ItemFormViewModel<Block> {
        ItemFormViewModel(.create(useCases.create, start: start), draft: Block.newDraft, fetchRefreshDelegate: refresh)
    }

    @Test func editSuccessRefreshesTheListAndReflectsIntoTheDetailExactlyOnce() throws {
        let list = list()
        list.load()
        let detail = ItemDetailViewModel(item: try #require(list.items.first), startUseCase: start)
        let edit = edit(detail.item, refresh: list, reflect: detail)
        edit.draft = BlockDraft(title: "Reading", hours: 8)

        #expect(edit.save() != nil)

        #expect(list.loadCount == 2)
        #expect(list.items.map(\.title) == ["Reading"])
        #expect(detail.item.title == "Reading")
        #expect(detail.item.length == .eight)
    }

    @Test func editSuccessCallsEachDelegateOnceWithTheSavedModel() {
        let refresh = RefreshSpy(), reflect = ReflectSpy<Block>()
        let edit = edit(.stub(), refresh: refresh, reflect: reflect)
        edit.draft.title = "  Reading "
        edit.save()
        #expect(refresh.count == 1)
        #expect(reflect.models.map(\.title) == ["Reading"])
        #expect(reflect.models.first?.id == Block.stub().id)
    }

    @Test func editFailureCallsNeitherDelegate() {
        let refresh = RefreshSpy(), reflect = ReflectSpy<Block>()
        let edit = edit(.stub(), refresh: refresh, reflect: reflect)
        edit.draft.title = " "
        #expect(edit.save() == nil)
        edit.draft = BlockDraft(title: "Fine", hours: nil)
        #expect(edit.save() == nil)
        #expect(edit.errorMessage?.contains("block length is not set") == true)
        repository.failWrites(with: WriteFailure())
        edit.draft.hours = 4
        #expect(edit.save() == nil)
        #expect(edit.errorMessage == "the disk is full")
        #expect(refresh.count == 0)
        #expect(reflect.models.isEmpty)
    }

    @Test func createRefreshesOnceThenAsksToStart() throws {
        let refresh = RefreshSpy()
        let create = create(refresh: refresh)
        create.draft = BlockDraft(title: "Deep work 2", hours: 4)
        let block = try #require(create.save())
        #expect(refresh.count == 1)
        #expect(create.startPrompt?.question == "Start \"Deep work 2\" now?")
        let state = try #require(create.answerStart(true))
        #expect(state.mode.itemID == block.id)
        #expect(try modes.load()?.itemID == block.id)
        #expect(create.startPrompt == nil)
    }

    @Test func declinedStartLeavesTheClockAlone() throws {
        let create = create(refresh: nil)
        create.draft = BlockDraft(title: "Later", hours: 12)
        #expect(create.save() != nil)
        #expect(create.answerStart(false) == nil)
        #expect(try modes.load() == nil)
    }

    @Test func failedCreateNeitherRefreshesNorAsks() {
        let refresh = RefreshSpy()
        let create = create(refresh: refresh)
        create.draft = BlockDraft(title: "No length", hours: nil)
        #expect(create.save() == nil)
        #expect(refresh.count == 0)
        #expect(create.startPrompt == nil)
        #expect(create.errorMessage != nil)
    }

    /// Tempus deletes a running block and stops the clock; the list marks what runs and the question says so.
    @Test func theListMarksTheRunningBlockAndItsDeleteQuestionSaysTheClockStops() throws {
        let other = Block.stub(id: UUID(), title: "Reading", createdAt: Date(timeIntervalSince1970: 1_600_000_000))
        try repository.create(other)
        _ = try start.execute(.block, id: Block.stub().id)
        let list = list()
        list.load()
        #expect(list.runningID == Block.stub().id)
        #expect(list.deleteQuestion(.stub()) == "Delete the block \"Deep work\"? It is running; the clock stops.")
        #expect(list.deleteQuestion(other) == "Delete the block \"Reading\"?")

        list.delete(.stub())
        #expect(try modes.load() == nil)
        #expect(list.runningID == nil)
        #expect(list.items.map(\.title) == ["Reading"])
    }
}
