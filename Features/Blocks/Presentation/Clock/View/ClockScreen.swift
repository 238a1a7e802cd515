import StrataTerminal

/// The running mode: its title, the phase that runs, the time left as `h:mm:ss` and a progress bar.
/// Redrawn about ten times a second; the clock is recomputed from the start time once a second, and the
/// terminal's bell rings when a phase ends, as Tempus rings.
@MainActor
final class ClockScreen: Screen {
    let title = "Clock"
    private let viewModel: ClockViewModel
    private let ringBell: () -> Void
    private var lastSecond = -1
    private var endingsRung = 0

    init(viewModel: ClockViewModel, ringBell: @escaping () -> Void) {
        self.viewModel = viewModel
        self.ringBell = ringBell
    }

    var isAnimating: Bool { true }
    var helpItems: [HelpItem] { viewModel.isRunning ? [HelpItem("s", "stop")] : [] }

    func screenWillAppear() {
        viewModel.update()
    }

    func draw(in canvas: Canvas, context: RenderContext) {
        if context.frame / 10 != lastSecond {
            lastSecond = context.frame / 10
            viewModel.update()
            if viewModel.phaseEndings != endingsRung {
                endingsRung = viewModel.phaseEndings
                ringBell()
            }
        }
        guard let state = viewModel.state else {
            canvas.draw(
                viewModel.errorMessage ?? "Nothing is running. Start a block, a daily or a timer.", column: 2,
                row: 1, style: viewModel.errorMessage == nil ? .dim : .color(.red))
            return
        }
        canvas.draw(state.title, column: 2, row: 1, style: .bold)
        canvas.draw(viewModel.phaseText, column: 2, row: 3)
        canvas.draw(viewModel.remainingText, column: 2, row: 5, style: .bold)
        if let progress = viewModel.progress {
            ProgressBar(fraction: progress).draw(
                in: canvas.canvas(
                    in: Region(
                        column: 2, row: 7,
                        width: max(0, canvas.size.width - 4),
                        height: 1)))
        }
    }

    func handle(_ key: Key) throws -> KeyResult {
        guard key == .character("s"), viewModel.isRunning else { return .ignored }
        viewModel.stop()
        return .handled
    }
}
