import Observation
import Synchronization
import Testing
@testable import StrataTerminal

// A miniature feature in the seeds' style: the view model's Input and Output protocols, an @Observable
// implementation with navigation actions, and a thin screen that draws the output.

@MainActor protocol TitlesViewModelInput {
    func didLoad() async
    func didSelect(index: Int)
}

@MainActor protocol TitlesViewModelOutput {
    var titles: [String] { get }
    var isLoading: Bool { get }
    var errorMessage: String? { get }
}

typealias TitlesViewModel = TitlesViewModelInput & TitlesViewModelOutput

struct TitlesViewModelActions {
    let showTitle: @MainActor (String) -> Void
}

@MainActor @Observable
final class DefaultTitlesViewModel: TitlesViewModel {
    private(set) var titles: [String] = []
    private(set) var isLoading = false
    private(set) var errorMessage: String?
    @ObservationIgnored private let fetchTitles: @Sendable () async throws -> [String]
    @ObservationIgnored private let actions: TitlesViewModelActions

    init(fetchTitles: @escaping @Sendable () async throws -> [String], actions: TitlesViewModelActions) {
        self.fetchTitles = fetchTitles
        self.actions = actions
    }

    func didLoad() async {
        isLoading = true
        defer { isLoading = false }
        do {
            titles = try await fetchTitles()
            errorMessage = nil
        } catch {
            errorMessage = "Could not load titles: \(error). Press r to retry."
        }
    }

    func didSelect(index: Int) {
        guard titles.indices.contains(index) else { return }
        actions.showTitle(titles[index])
    }
}

@MainActor
final class TitlesScreen: Screen {
    let title = "Titles"
    private let viewModel: any TitlesViewModel
    private var selection = ListSelection()

    init(viewModel: any TitlesViewModel) {
        self.viewModel = viewModel
    }

    var isAnimating: Bool { viewModel.isLoading }

    func draw(in canvas: Canvas, context: RenderContext) {
        if viewModel.isLoading {
            Spinner("Loading…", frame: context.frame).draw(in: canvas)
        } else if let message = viewModel.errorMessage {
            TextBlock(message, style: .color(.red)).draw(in: canvas)
        } else {
            ListView(rows: viewModel.titles.map { ListRow($0) }).draw(in: canvas, selection: &selection)
        }
    }

    func handle(_ key: Key) throws -> KeyResult {
        if key == .enter {
            viewModel.didSelect(index: selection.index)
            return .handled
        }
        let count = viewModel.titles.count
        return selection.handle(key, itemCount: count) == .ignored ? .ignored : .handled
    }
}

/// The flow: the titles list, then one screen per chosen title, pushed through the navigator.
@MainActor
final class TitlesFlowCoordinator: Coordinator {
    private weak var navigator: Navigator?
    private let fetchTitles: @Sendable () async throws -> [String]
    private(set) var viewModel: DefaultTitlesViewModel?

    init(navigator: Navigator, fetchTitles: @escaping @Sendable () async throws -> [String]) {
        self.navigator = navigator
        self.fetchTitles = fetchTitles
    }

    func start() -> any Screen {
        let viewModel = DefaultTitlesViewModel(fetchTitles: fetchTitles, actions: TitlesViewModelActions(
            showTitle: { [weak self] title in self?.showTitle(title) }))
        self.viewModel = viewModel
        return TitlesScreen(viewModel: viewModel)
    }

    private func showTitle(_ title: String) {
        navigator?.push(RecordingScreen(title))
    }
}

struct FetchFailure: Error, CustomStringConvertible {
    var description: String { "offline" }
}

@MainActor
@Suite struct ViewModelTests {
    @Test func viewModelLoadsAndReportsActionsWithoutATerminal() async {
        let shown = Mutex<[String]>([])
        let viewModel = DefaultTitlesViewModel(fetchTitles: { ["Dune", "Arrival"] },
                                               actions: TitlesViewModelActions { title in shown.withLock { $0.append(title) } })
        #expect(viewModel.titles.isEmpty && !viewModel.isLoading)
        await viewModel.didLoad()
        #expect(viewModel.titles == ["Dune", "Arrival"] && !viewModel.isLoading && viewModel.errorMessage == nil)
        viewModel.didSelect(index: 1)
        #expect(shown.withLock { $0 } == ["Arrival"])
    }

    @Test func viewModelTurnsAFailureIntoAMessage() async {
        let viewModel = DefaultTitlesViewModel(fetchTitles: { throw FetchFailure() },
                                               actions: TitlesViewModelActions { _ in Issue.record("no title to show") })
        await viewModel.didLoad()
        #expect(viewModel.errorMessage == "Could not load titles: offline. Press r to retry.")
    }

    @Test func aChangeToObservedOutputAsksForARedraw() async {
        let viewModel = DefaultTitlesViewModel(fetchTitles: { ["Dune"] }, actions: TitlesViewModelActions { _ in })
        let app = TerminalApp(root: TitlesScreen(viewModel: viewModel))
        let redraws = Mutex(0)
        _ = withObservationTracking {
            app.render(size: TerminalSize(width: 30, height: 6))
        } onChange: {
            redraws.withLock { $0 += 1 }
        }
        await viewModel.didLoad()
        #expect(redraws.withLock { $0 } == 1)
    }

    @Test func screenDrawsEachStateOfTheViewModel() async throws {
        let shown = Mutex<[String]>([])
        let viewModel = DefaultTitlesViewModel(fetchTitles: { ["Dune", "Arrival"] },
                                               actions: TitlesViewModelActions { title in shown.withLock { $0.append(title) } })
        let screen = TitlesScreen(viewModel: viewModel)
        let app = TerminalApp(root: screen)
        let size = TerminalSize(width: 30, height: 6)
        #expect(!screen.isAnimating)
        await viewModel.didLoad()
        #expect(app.render(size: size).lines[2] == " › Dune")
        try app.send(.down)
        try app.send(.enter)
        #expect(app.render(size: size).lines[2...3] == ["   Dune", " › Arrival"])
        #expect(shown.withLock { $0 } == ["Arrival"])
    }

    @Test func theCoordinatorPushesTheScreenForTheChosenTitle() async throws {
        var coordinator: TitlesFlowCoordinator?
        let app = TerminalApp(root: RecordingScreen("Strata"))
        coordinator = TitlesFlowCoordinator(navigator: app.navigator) { ["Dune", "Arrival"] }
        app.navigator.push(try #require(coordinator).start())
        await coordinator?.viewModel?.didLoad()
        try app.send(.down)
        try app.send(.enter)
        #expect(app.navigator.path == ["Strata", "Titles", "Arrival"])
        try app.send(.escape)
        try app.send(.escape)
        #expect(app.navigator.path == ["Strata"])
    }

    @Test func loadingShowsAnAnimatedSpinnerUntilTheDataArrives() async {
        let (gate, open) = AsyncStream.makeStream(of: [String].self)
        let viewModel = DefaultTitlesViewModel(fetchTitles: {
            for await titles in gate { return titles }
            return []
        }, actions: TitlesViewModelActions { _ in })
        let screen = TitlesScreen(viewModel: viewModel)
        let app = TerminalApp(root: screen)
        let size = TerminalSize(width: 30, height: 4)
        let loading = Task { await viewModel.didLoad() }
        while !viewModel.isLoading { await Task.yield() }
        #expect(screen.isAnimating)
        #expect(app.render(size: size).lines[2] == " ⠋ Loading…")
        app.advanceFrame()
        #expect(app.render(size: size).lines[2] == " ⠙ Loading…")
        open.yield(["Dune"])
        await loading.value
        #expect(!screen.isAnimating)
        #expect(app.render(size: size).lines[2] == " › Dune")
    }
}
