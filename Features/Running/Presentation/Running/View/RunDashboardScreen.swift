import StrataTerminal

/// The live dashboard: time, calories and a progress bar for me, the mate and the team, every second;
/// the result when the run is over.
@MainActor
final class RunDashboardScreen: Screen {
    private let viewModel: RunDashboardViewModel
    /// Asks whether to end the run, and answers.
    private let confirmEnd: @MainActor (@escaping @MainActor (Bool) -> Void) -> Void

    init(viewModel: RunDashboardViewModel, confirmEnd: @escaping @MainActor (@escaping @MainActor (Bool) -> Void) -> Void) {
        self.viewModel = viewModel
        self.confirmEnd = confirmEnd
    }

    var title: String { viewModel.state.title }

    /// Esc and q both ask whether to end the run ("q end the run first" read as if q ended it unasked).
    var helpItems: [HelpItem] { viewModel.isRunning ? [HelpItem("Esc q", "ask to end the run")] : [HelpItem("Esc", "back")] }

    func screenWillAppear() { viewModel.start() }

    func draw(in canvas: Canvas, context: RenderContext) {
        if let countdown = viewModel.countdown {
            canvas.draw("Get ready: \(countdown)…", row: max(0, canvas.size.height / 2 - 1), style: .bold)
            return
        }
        let state = viewModel.state
        canvas.draw("Time \(state.timeText)    Calories \(state.caloriesText)", row: 0, style: .bold)
        var row = 2
        var bars = [state.me]
        if let mate = state.mate { bars.append(mate) }
        if let team = state.team { bars.append(team) }
        let nameWidth = min(24, bars.map(\.name.displayWidth).max() ?? 0)
        for runner in bars {
            var label = runner.name.padded(toWidth: nameWidth) + " " + runner.distanceText
            if let note = runner.note { label += " (\(note))" }
            Self.drawBar(runner, label: label, in: canvas.rows(row, count: 1))
            row += 1
        }
        if let lead = state.leadText {
            row += 1
            canvas.draw(lead, row: row)
        }
        row += 2
        if viewModel.isRunning, canvas.size.height - row >= 3 {
            let rows = viewModel.mapRows(width: canvas.size.width, height: canvas.size.height - row)
            for (index, line) in rows.enumerated() { canvas.draw(line, row: row + index, style: .color(.green)) }
        }
        if let error = viewModel.errorMessage {
            TextBlock(error, style: .color(.red)).draw(in: canvas.rows(row, count: max(0, canvas.size.height - row)))
        } else if let result = viewModel.result {
            for (index, line) in result.lines.enumerated() where row + index < canvas.size.height {
                canvas.draw(line, row: row + index, style: index == 0 ? .bold : .plain)
            }
        }
    }

    /// The label, the bar and the runner's percentage as the result below writes it (`13 %`, to the
    /// nearest, of the distance shown), where the SDK's `ProgressBar` wrote its own, rounded down (`12%`).
    private static func drawBar(_ runner: RunningViewState.Runner, label: String, in canvas: Canvas) {
        let percent = " \(runner.progress) %"
        let column = canvas.draw(label + " ", row: 0)
        let barWidth = max(0, canvas.size.width - column - percent.count)
        let filled = Int((min(max(runner.fraction, 0), 1) * Double(barWidth)).rounded(.down))
        canvas.draw(String(repeating: "█", count: filled), column: column, row: 0, style: .color(.green))
        canvas.draw(String(repeating: "░", count: barWidth - filled), column: column + filled, row: 0, style: .dim)
        canvas.draw(percent, column: column + barWidth, row: 0)
    }

    /// Quitting the app (Ctrl-C) during a run ends it as cancelled, and it is saved, as `c` does.
    func appWillQuit() async {
        await viewModel.cancelAndWait()
    }

    func handle(_ key: Key) throws -> KeyResult {
        guard viewModel.isRunning else { return .ignored }
        switch key {
        case .character("c"), .escape, .character("q"):
            // A run is not ended by a stray key: it asks first, and runs on meanwhile. q asks the same (it
            // once did nothing without a word): the run ends first, then q quits.
            confirmEnd { [viewModel] end in if end { viewModel.cancel() } }
            return .handled
        default:
            return .ignored
        }
    }
}
