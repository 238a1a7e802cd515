import RunningDomain
import StrataTerminal

/// Moves between the feature's screens: menu → setup → dashboard (→ result), history, records.
@MainActor
final class RunningFlowCoordinator {
    private weak var navigator: Navigator?
    private let dependencies: RunningSceneDependencies

    init(navigator: Navigator, dependencies: RunningSceneDependencies) {
        self.navigator = navigator
        self.dependencies = dependencies
    }

    func start() -> any Screen {
        MenuScreen(
            title: "Running",
            entries: [
                ("New run", "alone, or against / with a ghost track", { [self] in showSetup() }),
                ("History", "every finished or cancelled run", { [self] in showHistory() }),
                ("Records", "all-time and month by month", { [self] in showRecords() }),
            ])
    }

    func showSetup() {
        let viewModel = RunSetupViewModel(tracks: dependencies.tracks, access: dependencies.trackAccess, profile: dependencies.profile)
        navigator?.push(RunSetupScreen(viewModel: viewModel) { [weak self] request in self?.showDashboard(request) })
    }

    func showDashboard(_ request: RunRequest) {
        let viewModel = RunDashboardViewModel(request: request, useCase: dependencies.runUseCase, clock: dependencies.clock)
        navigator?.push(
            RunDashboardScreen(viewModel: viewModel) { [weak navigator] answer in
                navigator?.confirm(
                    title: "End the run", message: "End the run now? It is saved as cancelled.",
                    confirmLabel: "End", onAnswer: answer)
            })
    }

    func showHistory() {
        navigator?.push(
            RunHistoryScreen(viewModel: HistoryViewModel(fetchHistory: dependencies.fetchHistory)) { [weak self] title, lines in
                self?.navigator?.push(RunDetailScreen(title: title, lines: lines))
            })
    }

    func showRecords() {
        let month = dependencies.currentMonth()
        let records = RecordsViewModel(fetchRecords: dependencies.fetchRecords, month: month, currentMonth: month)
        navigator?.push(RunRecordsScreen(model: records))
    }
}
