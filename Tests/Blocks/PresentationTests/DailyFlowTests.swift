import BlocksDomain
import BlocksPresentation
import BlocksTesting
import Foundation
import Testing

@MainActor
struct DailyFlowTests {
    let repository = InMemoryDailyRepository([.stub()])
    let modes = InMemoryRunningModeRepository()
    let clock = FixedBlocksClock(.iso("2026-06-10T09:20:00+02:00"))

    var start: DefaultModeStartUseCase {
        DefaultModeStartUseCase(items: ModeItemSource(blocks: InMemoryBlockRepository(), dailies: repository,
                                                      timers: InMemoryTimerRepository()),
                                runningMode: modes, clock: clock, calendar: .gregorian(in: "Europe/Berlin"))
    }

    @Test func createGoesThroughTwoStepsAndRefreshesOnce() throws {
        let refresh = RefreshSpy()
        let create = DailyCreateViewModel(createUseCase: DefaultDailyCreateUseCase(repository: repository, clock: clock),
                                          startUseCase: start, fetchRefreshDelegate: refresh)
        #expect(!create.next())
        #expect(create.step == .info)
        #expect(create.errorMessage?.contains("title is empty") == true)

        create.form.title = "Study"
        create.form.focusSeconds = 50 * 60
        create.form.breakSeconds = 10 * 60
        #expect(create.next())
        #expect(create.step == .schedule)
        #expect(create.form.maximumRepeats == 24)

        create.form.startSeconds = 9 * 3600
        create.form.repeatCount = 25
        #expect(create.complete() == nil)
        #expect(create.errorMessage?.hasPrefix("Too many repeats") == true)
        #expect(refresh.count == 0)

        create.form.repeatCount = 4
        let daily = try #require(create.complete())
        #expect(refresh.count == 1)
        #expect(create.startPrompt?.itemID == daily.id)
        let state = try #require(create.answerStart(true))
        #expect(state.phase == .focus)
        #expect(state.remainingSeconds == 30 * 60)
    }

    @Test func editClampsRepeatsAndReflectsTheClampedModelOnce() throws {
        let refresh = RefreshSpy(), reflect = ReflectSpy<Daily>()
        let edit = DailyEditViewModel(daily: .stub(), editUseCase: DefaultDailyEditUseCase(repository: repository),
                                      fetchRefreshDelegate: refresh, editReflectDelegate: reflect)
        edit.form.focusSeconds = 100 * 60
        edit.form.breakSeconds = 20 * 60
        #expect(edit.next())
        edit.form.repeatCount = 20
        #expect(edit.done())
        #expect(refresh.count == 1)
        #expect(reflect.models.map(\.repeatCount) == [12])
        #expect(edit.form.repeatCount == 12)
    }

    @Test func editFailureCallsNeitherDelegate() {
        let refresh = RefreshSpy(), reflect = ReflectSpy<Daily>()
        let edit = DailyEditViewModel(daily: .stub(), editUseCase: DefaultDailyEditUseCase(repository: repository),
                                      fetchRefreshDelegate: refresh, editReflectDelegate: reflect)
        edit.form.title = ""
        #expect(!edit.done())
        #expect(edit.step == .info)
        edit.form.title = "Study"
        repository.failWrites(with: WriteFailure())
        #expect(!edit.done())
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
        let items = ModeItemSource(blocks: InMemoryBlockRepository(), dailies: InMemoryDailyRepository([daily]),
                                   timers: InMemoryTimerRepository())
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
