import BlocksDomain
import StrataTerminal

/// Tempus's coordinators in one: decides which screen comes next. Screens call back through closures and
/// never know about each other; the view models talk through the refresh and reflect delegates.
@MainActor
public final class BlocksFlowCoordinator: Coordinator {
    private weak var navigator: Navigator?
    private let useCases: BlocksUseCases
    private let clock: any BlocksClock

    public init(navigator: Navigator, useCases: BlocksUseCases, clock: any BlocksClock) {
        self.navigator = navigator
        self.useCases = useCases
        self.clock = clock
    }

    public func start() -> any Screen {
        MenuScreen(title: "Blocks", entries: [
            ("Clock", "what runs now", { [self] in showClock() }),
            ("Blocks", "the day in N-hour blocks", { [self] in showBlocks() }),
            ("Daily", "focus and break rounds from a start time", { [self] in showDailies() }),
            ("Timers", "repeating countdowns", { [self] in showTimers() }),
        ])
    }

    func showClock() {
        let viewModel = ClockViewModel(fetchUseCase: useCases.clock, stopUseCase: useCases.stop, clock: clock)
        navigator?.push(ClockScreen(viewModel: viewModel, ringBell: { [weak navigator] in navigator?.ringBell() }))
    }

    // MARK: Blocks

    func showBlocks() {
        let list = BlockListViewModel(fetchUseCase: useCases.fetchBlocks, deleteUseCase: useCases.deleteBlock)
        navigator?.push(BlockListScreen(viewModel: list, actions: .init(
            showDetail: { [self, weak list] block in showBlock(block, list: list) },
            create: { [self, weak list] in createBlock(list: list) },
            confirmDelete: { [self] question, answer in confirm(question, answer) })))
    }

    func showBlock(_ block: Block, list: BlockListViewModel?) {
        let detail = BlockDetailViewModel(block: block, startUseCase: useCases.start)
        navigator?.push(BlockDetailScreen(viewModel: detail, actions: .init(
            edit: { [self, weak detail, weak list] in
                guard let detail else { return }
                editBlock(detail.block, list: list, detail: detail)
            },
            started: { [self] in showClock() })))
    }

    func editBlock(_ block: Block, list: BlockListViewModel?, detail: BlockDetailViewModel) {
        let edit = BlockEditViewModel(block: block, editUseCase: useCases.editBlock, fetchRefreshDelegate: list,
                                      editReflectDelegate: detail)
        navigator?.push(BlockFormScreen(mode: .edit(edit), done: { [self] in _ = navigator?.pop() }))
    }

    func createBlock(list: BlockListViewModel?) {
        let create = BlockCreateViewModel(createUseCase: useCases.createBlock, startUseCase: useCases.start,
                                          fetchRefreshDelegate: list)
        navigator?.push(BlockFormScreen(mode: .create(create), done: { [self, weak create] in
            _ = navigator?.pop()
            guard let create, let prompt = create.startPrompt else { return }
            askStart(prompt) { start in if create.answerStart(start) != nil { self.showClock() } }
        }))
    }

    // MARK: Daily

    func showDailies() {
        let list = DailyListViewModel(fetchUseCase: useCases.fetchDailies, deleteUseCase: useCases.deleteDaily)
        navigator?.push(DailyListScreen(viewModel: list, actions: .init(
            showDetail: { [self, weak list] daily in showDaily(daily, list: list) },
            create: { [self, weak list] in createDaily(list: list) },
            confirmDelete: { [self] question, answer in confirm(question, answer) })))
    }

    func showDaily(_ daily: Daily, list: DailyListViewModel?) {
        let detail = DailyDetailViewModel(daily: daily, startUseCase: useCases.start)
        navigator?.push(DailyDetailScreen(viewModel: detail, actions: .init(
            edit: { [self, weak detail, weak list] in
                guard let detail else { return }
                let edit = DailyEditViewModel(daily: detail.daily, editUseCase: useCases.editDaily,
                                              fetchRefreshDelegate: list, editReflectDelegate: detail)
                navigator?.push(DailyFormScreen(mode: .edit(edit), done: { [self] in _ = navigator?.pop() }))
            },
            started: { [self] in showClock() })))
    }

    func createDaily(list: DailyListViewModel?) {
        let create = DailyCreateViewModel(createUseCase: useCases.createDaily, startUseCase: useCases.start,
                                          fetchRefreshDelegate: list)
        navigator?.push(DailyFormScreen(mode: .create(create), done: { [self, weak create] in
            _ = navigator?.pop()
            guard let create, let prompt = create.startPrompt else { return }
            askStart(prompt) { start in if create.answerStart(start) != nil { self.showClock() } }
        }))
    }

    // MARK: Timers

    func showTimers() {
        let list = TimerListViewModel(fetchUseCase: useCases.fetchTimers, deleteUseCase: useCases.deleteTimer)
        navigator?.push(TimerListScreen(viewModel: list, actions: .init(
            start: { [self] timer in
                if (try? useCases.start.execute(.timer, id: timer.id)) != nil { showClock() }
            },
            create: { [self, weak list] in
                let create = TimerCreateViewModel(createUseCase: useCases.createTimer, startUseCase: useCases.start,
                                                  fetchRefreshDelegate: list)
                navigator?.push(TimerFormScreen(viewModel: create, done: { [self, weak create] in
                    _ = navigator?.pop()
                    guard let create, let prompt = create.startPrompt else { return }
                    askStart(prompt) { start in if create.answerStart(start) != nil { self.showClock() } }
                }))
            },
            edit: { [self, weak list] timer in
                let edit = TimerEditViewModel(timer: timer, editUseCase: useCases.editTimer, fetchRefreshDelegate: list)
                navigator?.push(TimerFormScreen(viewModel: edit, done: { [self] in _ = navigator?.pop() }))
            },
            confirmDelete: { [self] question, answer in confirm(question, answer) })))
    }

    // MARK: Dialogs

    func askStart(_ prompt: StartPrompt, answer: @escaping @MainActor (Bool) -> Void) {
        guard let navigator else { return }
        navigator.presentAlert(title: "Created", message: prompt.question, buttons: ["Later", "Start now"]) {
            answer($0 == 1)
        }
    }

    func confirm(_ question: String, _ answer: @escaping @MainActor (Bool) -> Void) {
        navigator?.confirm(title: "Delete", message: question, confirmLabel: "Delete", onAnswer: answer)
    }
}
