import BlocksDomain
import StrataTerminal

/// Tempus's coordinators in one: decides which screen comes next. Screens call back through closures and
/// never know about each other; the view models talk through the refresh and reflect delegates.
@MainActor
public final class BlocksFlowCoordinator: Coordinator {
    private weak var navigator: Navigator?
    private let dependencies: BlocksSceneDependencies

    public init(navigator: Navigator, dependencies: BlocksSceneDependencies) {
        self.navigator = navigator
        self.dependencies = dependencies
    }

    public func start() -> any Screen {
        MenuScreen(
            title: "Blocks",
            entries: [
                ("Clock", "what runs now", { [self] in showClock() }),
                ("Blocks", "the day in N-hour blocks", { [self] in showList(dependencies.blocks) }),
                ("Daily", "focus and break rounds from a start time", { [self] in showList(dependencies.dailies) }),
                ("Timers", "repeating countdowns", { [self] in showList(dependencies.timers) }),
            ])
    }

    func showClock() {
        let viewModel = ClockViewModel(
            fetchUseCase: dependencies.clock, stopUseCase: dependencies.stop,
            clock: dependencies.wallClock)
        let notifier = dependencies.notifier
        navigator?.push(
            ClockScreen(
                viewModel: viewModel,
                ringBell: { [weak navigator, weak viewModel] in
                    navigator?.ringBell()
                    if let viewModel, let state = viewModel.state { notifier.phaseEnded(title: state.title, phase: viewModel.phaseText) }
                }))
    }

    // MARK: Items

    func showList<Item: PresentedItem>(_ items: ItemUseCases<Item>) {
        let list = ItemListViewModel(useCases: items, clock: dependencies.clock)
        navigator?.push(
            ItemListScreen(
                viewModel: list,
                actions: .init(
                    open: { [self, weak list] item in
                        if Item.enterStarts {
                            start(item)
                        } else {
                            showDetail(item, items: items, list: list)
                        }
                    },
                    create: { [self, weak list] in create(items, list: list) },
                    edit: { [self, weak list] item in edit(item, items: items, list: list, detail: nil) },
                    confirmDelete: { [self] question, answer in confirm(question, answer) })))
    }

    func showDetail<Item: PresentedItem>(_ item: Item, items: ItemUseCases<Item>, list: ItemListViewModel<Item>?) {
        let detail = ItemDetailViewModel(item: item, startUseCase: dependencies.start)
        navigator?.push(
            ItemDetailScreen(
                viewModel: detail,
                actions: .init(
                    edit: { [self, weak detail, weak list] in
                        guard let detail else { return }
                        edit(detail.item, items: items, list: list, detail: detail)
                    },
                    start: { [self, weak detail] in
                        guard let detail else { return }
                        confirmReplacing(detail.item) { [self, weak detail] in
                            if detail?.start() != nil { showClock() }
                        }
                    })))
    }

    func edit<Item: PresentedItem>(
        _ item: Item, items: ItemUseCases<Item>, list: ItemListViewModel<Item>?,
        detail: ItemDetailViewModel<Item>?
    ) {
        let form = ItemFormViewModel(
            .edit(id: item.id, items.edit), draft: item.draft, fetchRefreshDelegate: list,
            editReflectDelegate: detail)
        navigator?.push(Item.formScreen(form, done: { [self] in _ = navigator?.pop() }))
    }

    func create<Item: PresentedItem>(_ items: ItemUseCases<Item>, list: ItemListViewModel<Item>?) {
        let form = ItemFormViewModel(
            .create(items.create, start: dependencies.start), draft: Item.newDraft,
            fetchRefreshDelegate: list)
        navigator?.push(
            Item.formScreen(
                form,
                done: { [self, weak form] in
                    _ = navigator?.pop()
                    guard let form, let prompt = form.startPrompt, let item = form.saved else { return }
                    askStart(prompt) { [self] start in
                        guard start else {
                            form.answerStart(false)
                            return
                        }
                        confirmReplacing(item) { if form.answerStart(true) != nil { self.showClock() } }
                    }
                }))
    }

    func start<Item: PresentedItem>(_ item: Item) {
        confirmReplacing(item) { [self] in
            if (try? dependencies.start.execute(Item.kind, id: item.id)) != nil { showClock() }
        }
    }

    /// Tempus runs one thing at a time: starting `item` while another runs asks first, and says what stops.
    func confirmReplacing<Item: PresentedItem>(_ item: Item, then start: @escaping @MainActor () -> Void) {
        guard let running = try? dependencies.clock.execute(), running.mode.itemID != item.id, let navigator else {
            return start()
        }
        navigator.confirm(
            title: "Replace",
            message: "The \(running.mode.kind.rawValue) \"\(running.title)\" is running, and one thing runs at a time. Start \"\(item.title)\" instead?",
            confirmLabel: "Start"
        ) { yes in if yes { start() } }
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
