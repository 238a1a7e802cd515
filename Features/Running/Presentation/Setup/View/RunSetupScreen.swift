import RunningDomain
import StrataTerminal

/// The setup form: ↑↓ moves between fields, ←→ changes mode and speed, Tab completes a track's path as a shell
/// does (as far as the names agree, then lists them; it moves on when there is nothing to complete or the
/// list is already shown), Enter starts the run. What goes wrong is always shown, over the last rows if the terminal is short.
@MainActor
final class RunSetupScreen: Screen {
    let title = "New run"
    private let viewModel: RunSetupViewModel
    private let onStart: @MainActor (RunRequest) -> Void
    private var focus = RunSetupViewModel.Field.track
    private var texts: [RunSetupViewModel.Field: TextFieldState] = [:]

    init(viewModel: RunSetupViewModel, onStart: @escaping @MainActor (RunRequest) -> Void) {
        self.viewModel = viewModel
        self.onStart = onStart
        for field in [RunSetupViewModel.Field.track, .mateTrack] {
            texts[field] = TextFieldState(text: field == .track ? viewModel.trackPath : viewModel.mateTrackPath)
        }
    }

    var helpItems: [HelpItem] {
        [HelpItem("↑↓", "field"), HelpItem("←→", "mode / speed"), HelpItem("Tab", "complete"), HelpItem("Enter", "start")]
    }

    var isAnimating: Bool { viewModel.isLoading }

    var leavingQuestion: String? { viewModel.hasTypedChanges ? viewModel.discardQuestion : nil }

    func draw(in canvas: Canvas, context: RenderContext) {
        var row = 0
        for field in viewModel.fields {
            let marker = field == focus ? "› " : "  "
            let label = marker + Self.label(field).padding(toLength: 12, withPad: " ", startingAt: 0)
            let used = canvas.draw(label, row: row, style: field == focus ? .bold : .plain)
            let rest = canvas.canvas(in: Region(column: used, row: row, width: max(0, canvas.size.width - used), height: 1))
            switch field {
            case .mode: rest.draw("‹ \(viewModel.mode.rawValue) ›", row: 0)
            case .speed: rest.draw("‹ \(viewModel.speedText) ›", row: 0)
            default:
                TextField(
                    state: texts[field] ?? TextFieldState(), placeholder: Self.placeholder(field, viewModel),
                    isFocused: field == focus
                ).draw(in: rest)
            }
            row += 1
        }
        row += 1
        if !viewModel.completions.isEmpty, row < canvas.size.height {
            TextBlock("Matches: " + viewModel.completions.joined(separator: ", "), style: .dim)
                .draw(in: canvas.rows(row, count: min(3, canvas.size.height - row)))
            row += min(3, canvas.size.height - row) + 1
        }
        if viewModel.isLoading {
            Spinner("Reading the tracks…", frame: context.frame).draw(in: canvas.rows(min(row, canvas.size.height - 1), count: 1))
        } else if let error = viewModel.errorMessage {
            // Below the fields when it fits; otherwise over the last rows, so Enter never seems to do nothing.
            let lines = min(error.wrapped(toWidth: max(1, canvas.size.width)).count, canvas.size.height)
            let top = min(row, canvas.size.height - lines)
            canvas.fill(Region(column: 0, row: top, width: canvas.size.width, height: lines))
            TextBlock(error, style: .color(.red)).draw(in: canvas.rows(top, count: lines))
        }
    }

    func handle(_ key: Key) throws -> KeyResult {
        let fields = viewModel.fields
        let index = fields.firstIndex(of: focus) ?? 0
        switch key {
        case .tab where focus == .track || focus == .mateTrack:
            let listed = viewModel.completions
            if let completed = viewModel.completePath(in: focus) {
                texts[focus] = TextFieldState(text: completed)
            } else if viewModel.completions.isEmpty || viewModel.completions == listed {
                move(to: fields[(index + 1) % fields.count])
            }
        case .up, .backTab: move(to: fields[(index + fields.count - 1) % fields.count])
        case .down, .tab: move(to: fields[(index + 1) % fields.count])
        case .enter: start()
        case .left where focus == .mode, .right where focus == .mode: viewModel.cycleMode(forward: key == .right)
        case .left where focus == .speed, .right where focus == .speed: viewModel.cycleSpeed(forward: key == .right)
        default:
            guard focus != .mode, focus != .speed else { return .ignored }
            var state = texts[focus] ?? TextFieldState()
            guard state.handle(key) else { return .ignored }
            texts[focus] = state
            store(state.text, in: focus)
        }
        return .handled
    }

    /// Leaving the goal shows the goal that will be run (a 0 becomes the default, as MateRunner does).
    private func move(to field: RunSetupViewModel.Field) {
        if focus == .goal, viewModel.settleGoal() != texts[.goal]?.text ?? "" {
            texts[.goal] = TextFieldState(text: viewModel.goalText)
        }
        focus = field
    }

    private func start() {
        guard !viewModel.isLoading else { return }
        if !viewModel.goalText.isEmpty { texts[.goal] = TextFieldState(text: viewModel.settleGoal()) }
        Task { [viewModel, onStart] in
            if let request = await viewModel.makeRequest() { onStart(request) }
        }
    }

    private func store(_ text: String, in field: RunSetupViewModel.Field) {
        switch field {
        case .goal: viewModel.goalText = text
        case .track: viewModel.trackPath = text
        case .mateTrack: viewModel.mateTrackPath = text
        case .pace: viewModel.paceText = text
        case .mode, .speed: break
        }
    }

    private static func label(_ field: RunSetupViewModel.Field) -> String {
        switch field {
        case .mode: "Mode"
        case .goal: "Goal (km)"
        case .track: "My track"
        case .mateTrack: "Mate track"
        case .pace: "Pace"
        case .speed: "Replay"
        }
    }

    private static func placeholder(_ field: RunSetupViewModel.Field, _ viewModel: RunSetupViewModel) -> String {
        switch field {
        case .goal: RunningFormat.distance(viewModel.profile.defaultGoalKm)
        case .track, .mateTrack: "path to a .gpx file"
        case .pace: "m:ss per km, for tracks without times"
        case .mode, .speed: ""
        }
    }
}
