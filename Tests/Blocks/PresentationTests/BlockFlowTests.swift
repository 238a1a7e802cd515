import BlocksDomain
import BlocksPresentation
import BlocksTesting
import Foundation
import Testing

@MainActor
struct BlockFlowTests {
    let repository = InMemoryBlockRepository([.stub()])
    let modes = InMemoryRunningModeRepository()
    let clock = FixedBlocksClock(.iso("2026-06-10T09:20:00+02:00"))

    var start: DefaultModeStartUseCase {
        DefaultModeStartUseCase(items: ModeItemSource(blocks: repository, dailies: InMemoryDailyRepository(),
                                                      timers: InMemoryTimerRepository()),
                                runningMode: modes, clock: clock, calendar: .gregorian(in: "Europe/Berlin"))
    }

    func list() -> BlockListViewModel {
        BlockListViewModel(fetchUseCase: DefaultBlockFetchUseCase(repository: repository),
                           deleteUseCase: DefaultBlockDeleteUseCase(repository: repository, runningMode: modes))
    }

    @Test func editSuccessRefreshesTheListAndReflectsIntoTheDetailExactlyOnce() throws {
        let list = list()
        list.load()
        let detail = BlockDetailViewModel(block: try #require(list.blocks.first), startUseCase: start)
        let edit = BlockEditViewModel(block: detail.block, editUseCase: DefaultBlockEditUseCase(repository: repository),
                                      fetchRefreshDelegate: list, editReflectDelegate: detail)
        edit.title = "Reading"
        edit.hours = 8

        #expect(edit.done())

        #expect(list.loadCount == 2)
        #expect(list.blocks.map(\.title) == ["Reading"])
        #expect(detail.block.title == "Reading")
        #expect(detail.block.length == .eight)
    }

    @Test func editSuccessCallsEachDelegateOnceWithTheSavedModel() {
        let refresh = RefreshSpy(), reflect = ReflectSpy<Block>()
        let edit = BlockEditViewModel(block: .stub(), editUseCase: DefaultBlockEditUseCase(repository: repository),
                                      fetchRefreshDelegate: refresh, editReflectDelegate: reflect)
        edit.title = "  Reading "
        edit.done()
        #expect(refresh.count == 1)
        #expect(reflect.models.map(\.title) == ["Reading"])
        #expect(reflect.models.first?.id == Block.stub().id)
    }

    @Test func editFailureCallsNeitherDelegate() {
        let refresh = RefreshSpy(), reflect = ReflectSpy<Block>()
        let edit = BlockEditViewModel(block: .stub(), editUseCase: DefaultBlockEditUseCase(repository: repository),
                                      fetchRefreshDelegate: refresh, editReflectDelegate: reflect)
        edit.title = " "
        #expect(!edit.done())
        edit.title = "Fine"
        edit.hours = nil
        #expect(!edit.done())
        #expect(edit.errorMessage?.contains("block length is not set") == true)
        repository.failWrites(with: WriteFailure())
        edit.hours = 4
        #expect(!edit.done())
        #expect(edit.errorMessage == "the disk is full")
        #expect(refresh.count == 0)
        #expect(reflect.models.isEmpty)
    }

    @Test func createRefreshesOnceThenAsksToStart() throws {
        let refresh = RefreshSpy()
        let create = BlockCreateViewModel(createUseCase: DefaultBlockCreateUseCase(repository: repository, clock: clock),
                                          startUseCase: start, fetchRefreshDelegate: refresh)
        create.title = "Deep work 2"
        create.hours = 4
        let block = try #require(create.complete())
        #expect(refresh.count == 1)
        #expect(create.startPrompt?.question == "Start \"Deep work 2\" now?")
        let state = try #require(create.answerStart(true))
        #expect(state.mode.itemID == block.id)
        #expect(try modes.load()?.itemID == block.id)
        #expect(create.startPrompt == nil)
    }

    @Test func declinedStartLeavesTheClockAlone() throws {
        let create = BlockCreateViewModel(createUseCase: DefaultBlockCreateUseCase(repository: repository, clock: clock),
                                          startUseCase: start, fetchRefreshDelegate: nil)
        create.title = "Later"
        create.hours = 12
        #expect(create.complete() != nil)
        #expect(create.answerStart(false) == nil)
        #expect(try modes.load() == nil)
    }

    @Test func failedCreateNeitherRefreshesNorAsks() {
        let refresh = RefreshSpy()
        let create = BlockCreateViewModel(createUseCase: DefaultBlockCreateUseCase(repository: repository, clock: clock),
                                          startUseCase: start, fetchRefreshDelegate: refresh)
        create.title = "No length"
        #expect(create.complete() == nil)
        #expect(refresh.count == 0)
        #expect(create.startPrompt == nil)
        #expect(create.errorMessage != nil)
    }
}
