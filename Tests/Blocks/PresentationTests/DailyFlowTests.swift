import BlocksDomain
import BlocksPresentation
import BlocksTesting
import Foundation
import Testing

@MainActor
struct DailyFlowTests {
    let repository = InMemoryItemRepository<Daily>([.stub()])
    let modes = InMemoryRunningModeRepository()
    let clock = FixedBlocksClock(.iso("2026-06-10T09:20:00+02:00"))

    var start: DefaultModeStartUseCase {
        DefaultModeStartUseCase(items: .inMemory(dailies: repository), runningMode: modes, clock: clock, calendar: .gregorian(in: "Europe/Berlin"))
    }

    var useCases: ItemUseCases<Daily> { .inMemory(repository, modes: modes, clock: clock) }

    @Test func createChecksTheFirstStepAloneThenSavesAndRefreshesOnce() throws {
        let refresh = RefreshSpy()
        let create = ItemFormViewModel<Daily>(.create(useCases.create, start: start), draft: Daily.newDraft,
                                              fetchRefreshDelegate: refresh)
        #expect(!create.check { try $0.validateFirstStep() })
        #expect(create.errorMessage?.contains("title is empty") == true)

        create.draft.title = "Study"
        create.draft.focusSeconds = -60
        #expect(!create.check { try $0.validateFirstStep() })
        #expect(create.errorMessage?.contains("focus duration can't be negative") == true)
        create.draft.focusSeconds = 50 * 60
        #expect(create.check { try $0.validateFirstStep() })
        #expect(create.errorMessage == nil)
        #expect(create.draft.maximumRepeats == 24)

        create.draft.repeatCount = 25
        #expect(create.save() == nil)
        #expect(create.errorMessage?.hasPrefix("Too many repeats") == true)
        #expect(refresh.count == 0)

        create.draft.repeatCount = 4
        let daily = try #require(create.save())
        #expect(refresh.count == 1)
        #expect(create.startPrompt?.itemID == daily.id)
        let state = try #require(create.answerStart(true))
        #expect(state.phase == .focus)
        #expect(state.remainingSeconds == 30 * 60)
    }

    @Test func editClampsRepeatsAndReflectsTheClampedModelOnce() throws {
        let refresh = RefreshSpy(), reflect = ReflectSpy<Daily>()
        let edit = ItemFormViewModel<Daily>(.edit(id: Daily.stub().id, useCases.edit), draft: Daily.stub().draft,
                                            fetchRefreshDelegate: refresh, editReflectDelegate: reflect)
        edit.draft.focusSeconds = 100 * 60
        edit.draft.breakSeconds = 20 * 60
        edit.draft.repeatCount = 20
        #expect(edit.save() != nil)
        #expect(refresh.count == 1)
        #expect(reflect.models.map(\.repeatCount) == [12])
        #expect(edit.draft.repeatCount == 12)
        #expect(edit.startPrompt == nil)
    }

    @Test func editFailureCallsNeitherDelegate() {
        let refresh = RefreshSpy(), reflect = ReflectSpy<Daily>()
        let edit = ItemFormViewModel<Daily>(.edit(id: Daily.stub().id, useCases.edit), draft: Daily.stub().draft,
                                            fetchRefreshDelegate: refresh, editReflectDelegate: reflect)
        edit.draft.title = ""
        #expect(edit.save() == nil)
        edit.draft.title = "Study"
        repository.failWrites(with: WriteFailure())
        #expect(edit.save() == nil)
        #expect(edit.errorMessage == "the disk is full")
        #expect(refresh.count == 0)
        #expect(reflect.models.isEmpty)
    }
}

@MainActor
struct ClockViewModelTests {
    @Test func showsThePhaseThatIsRunningAndTheRemainingTime() {
        let daily = Daily.stub()
        let modes = InMemoryRunningModeRepository(RunningMode(kind: .daily, itemID: daily.id, startedAt: .iso("2026-06-10T08:00:00+02:00")))
        let clock = FixedBlocksClock(.iso("2026-06-10T09:51:30+02:00"))
        let items = ModeItemSource.inMemory(dailies: InMemoryItemRepository([daily]))
        let viewModel = ClockViewModel(
            fetchUseCase: DefaultClockFetchUseCase(items: items, runningMode: modes, clock: clock,
                                                   calendar: .gregorian(in: "Europe/Berlin")),
            stopUseCase: DefaultClockStopUseCase(runningMode: modes), clock: clock)
        viewModel.update()
        #expect(viewModel.title == "Study")
        #expect(viewModel.phaseText == "Break, round 1 of 4")
        #expect(viewModel.remainingText == "0:08:30")
        #expect(abs((viewModel.progress ?? 0) - 0.15) < 1e-9)

        clock.set(.iso("2026-06-10T13:00:00+02:00"))
        viewModel.update()
        #expect(viewModel.phaseText == "Waiting for the start")
        #expect(viewModel.remainingText == "20:00:00")
        #expect(viewModel.progress == nil)

        viewModel.stop()
        #expect(!viewModel.isRunning)
        viewModel.update()
        #expect(viewModel.state == nil)
    }
}
