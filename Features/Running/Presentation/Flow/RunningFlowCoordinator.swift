import RunningDomain
import StrataTerminal

/// Moves between the feature's screens: menu → setup → dashboard (→ result), history, records.
@MainActor
final class RunningFlowCoordinator {
    private weak var navigator: Navigator?
    private let dependencies: RunningScreenDependencies

    init(navigator: Navigator, dependencies: RunningScreenDependencies) {
        self.navigator = navigator
        self.dependencies = dependencies
    }

    func start() -> any Screen {
        RunningMenuScreen(entries: [
            ("New run", "alone, or against / with a ghost track", { [self] in showSetup() }),
            ("History", "every finished or cancelled run", { [self] in showHistory() }),
            ("Records", "all-time and month by month", { [self] in showRecords() }),
        ])
    }

    func showSetup() {
        let viewModel = RunSetupViewModel(tracks: dependencies.tracks, profile: dependencies.profile)
        navigator?.push(RunSetupScreen(viewModel: viewModel) { [weak self] request in self?.showDashboard(request) })
    }

    func showDashboard(_ request: RunRequest) {
        let viewModel = RunDashboardViewModel(request: request, useCase: dependencies.runUseCase)
        navigator?.push(RunDashboardScreen(viewModel: viewModel))
    }

    func showHistory() {
        navigator?.push(RunHistoryScreen(viewModel: HistoryViewModel(fetchHistory: dependencies.fetchHistory)))
    }

    func showRecords() {
        let month = dependencies.currentMonth()
        let records = RecordsViewModel(fetchRecords: dependencies.fetchRecords, month: month, currentMonth: month)
        navigator?.push(RunRecordsScreen(model: RecordsScreenModel(viewModel: records)))
    }
}

/// The feature's first screen: a short menu.
@MainActor
final class RunningMenuScreen: Screen {
    let title = "Running"
    private let entries: [(title: String, detail: String, open: @MainActor () -> Void)]
    private var selection = ListSelection()

    init(entries: [(String, String, @MainActor () -> Void)]) {
        self.entries = entries.map { (title: $0.0, detail: $0.1, open: $0.2) }
    }

    var helpItems: [HelpItem] { [HelpItem("↑↓", "choose"), HelpItem("Enter", "open")] }

    func draw(in canvas: Canvas, context: RenderContext) {
        ListView(rows: entries.map { ListRow($0.title, detail: $0.detail) }).draw(in: canvas, selection: &selection)
    }

    func handle(_ key: Key) throws -> KeyResult {
        if key == .enter, entries.indices.contains(selection.index) {
            entries[selection.index].open()
            return .handled
        }
        return selection.handle(key, itemCount: entries.count) == .ignored ? .ignored : .handled
    }
}
