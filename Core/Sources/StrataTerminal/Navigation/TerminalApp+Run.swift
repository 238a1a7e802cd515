internal import Dispatch
internal import FoundationEssentials
internal import Glibc
internal import Observation

extension TerminalApp {
    /// Runs the app on this process's terminal until a screen exits, Ctrl-C, the terminal closes, or
    /// SIGTERM, SIGINT or SIGHUP arrives.
    ///
    /// Takes over the terminal (raw mode, alternate screen, hidden cursor) and gives it back exactly as it
    /// was on every way out: a normal return, an error thrown by a screen, SIGTERM/SIGINT/SIGHUP (the app
    /// quits as on `q`, every screen's ``Screen/appWillQuit()`` within ``quitGraceSeconds``, and the exit code
    /// is 128 + the signal), SIGQUIT (restored by the signal handler before the process ends with it). Ctrl-Z hands the terminal back to the
    /// shell and takes it again on `fg`. The screen is redrawn after every key, resize, animation tick (ten a
    /// second while the top screen ``Screen/isAnimating``, none otherwise) and change of observed state,
    /// writing only the cells that changed. Keys typed before a screen is ready for them go to it once it is
    /// (``Screen/isReadyForKeys``).
    ///
    /// - Parameter environment: Read for `TERM`, `NO_COLOR` and what the terminal says it can draw (see
    ///   ``TerminalCapabilities``); `nil` (the default) reads this process's environment.
    /// - Returns: The exit code: 0 for a normal quit, 130 for Ctrl-C, 128 + the signal for a signal.
    /// - Throws: ``TerminalError`` when there is no usable terminal (check
    ///   ``TerminalCapabilities/supportsFullScreen`` first), or the error a screen threw.
    public func run(environment: [String: String]? = nil) async throws -> Int32 {
        let environment = environment ?? ProcessInfo.processInfo.environment
        let capabilities = TerminalCapabilities(environment: environment)
        guard capabilities.supportsFullScreen else {
            let term = environment["TERM"] ?? ""
            throw TerminalError(
                description: capabilities.isTerminal
                    ? "TERM is '\(term)', which cannot show a full-screen app; set TERM (e.g. TERM=xterm-256color)"
                    : "the interactive app needs a terminal on standard input and output")
        }
        colors = capabilities.colors
        pictures = capabilities.pictures
        trueColor = capabilities.trueColor
        let session = try TerminalSession()
        defer { session.end() }
        let continuation = session.continuation
        navigator.onChange = { continuation.yield(.refresh) }
        defer { navigator.onChange = nil }
        // Ticks about ten times a second while the top screen animates, and only then: an idle app sleeps.
        var ticker: Task<Void, Never>?
        defer { ticker?.cancel() }
        func tickWhileAnimating() {
            guard navigator.top.isAnimating else {
                ticker?.cancel()
                ticker = nil
                return
            }
            guard ticker == nil else { return }
            ticker = Task { @MainActor in
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(100))
                    if !Task.isCancelled { continuation.yield(.tick) }
                }
            }
        }

        // Wakes the loop when keys kept for a screen that isn't ready are due to it anyway (keyHoldLimit).
        var keptKeysWake: (deadline: ContinuousClock.Instant, task: Task<Void, Never>)?
        defer { keptKeysWake?.task.cancel() }
        func wakeForKeptKeys() {
            guard let deadline = keptKeysDeadline else { return }
            guard keptKeysWake?.deadline != deadline else { return }
            keptKeysWake?.task.cancel()
            keptKeysWake = (
                deadline,
                Task { @MainActor in
                    try? await Task.sleep(until: deadline, clock: .continuous)
                    if !Task.isCancelled { continuation.yield(.refresh) }
                }
            )
        }

        var renderer = FrameRenderer(colors: colors, trueColor: capabilities.trueColor)
        renderer.asciiOnly = !capabilities.unicode
        defer { session.write(renderer.finish()) }
        // A terminal that leaves the window's pixels 0 may still tell its cell size when asked (CSI 16 t).
        var reportedCell: CellPixelSize?
        if pictures != .off, session.size.cell == nil { session.write(CellPixelSize.query) }
        redraw(session, &renderer, reportedCell: reportedCell)
        tickWhileAnimating()
        for await event in session.events {
            switch event {
            case .key(.suspend): session.suspend()  // returns after `fg`; a redraw event follows
            case .key(.control("l")): renderer.invalidate()  // whatever else wrote to the terminal is painted over
            case .key(.unknown(let bytes)) where CellPixelSize(report: bytes) != nil: reportedCell = CellPixelSize(report: bytes)
            case .key(let key): try send(key)
            case .resize: renderer.invalidate()
            case .tick: advanceFrame()
            case .refresh: break
            case .endOfInput: break
            }
            try deliverKeptKeys()
            if exitCode != nil || event == .endOfInput { break }
            redraw(session, &renderer, reportedCell: reportedCell)
            tickWhileAnimating()
            wakeForKeptKeys()
        }
        let signal = signalState.pointee.quitSignal
        if signal != 0 { Self.endAfterGrace(exitCode: 128 + signal) }
        await quit()
        return signal != 0 ? 128 + signal : exitCode ?? 0
    }

    /// How long the screens get to finish (``Screen/appWillQuit()``) after a signal asked the app to quit.
    static let quitGraceSeconds = 5

    /// Ends the process with `exitCode` if the screens have not finished within ``quitGraceSeconds``: a
    /// signal asked to quit, and a screen that hangs must not keep strata running.
    private static func endAfterGrace(exitCode: Int32) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(quitGraceSeconds)) {
            if signalState.pointee.active { leaveTerminal() }
            _exit(exitCode)
        }
    }

    /// Lets every screen of the stack, top first, finish what must not be lost (``Screen/appWillQuit()``).
    public func quit() async {
        for entry in navigator.entries.reversed() { await entry.screen.appWillQuit() }
    }

    /// Draws the current state, tracking the observable properties the screens read so that a change to
    /// any of them schedules the next redraw.
    private func redraw(_ session: TerminalSession, _ renderer: inout FrameRenderer, reportedCell: CellPixelSize?) {
        let (size, cell) = session.size
        cellPixels = cell ?? reportedCell ?? .assumed
        let continuation = session.continuation
        let frame = withObservationTracking {
            // What the screen animates by is observed too: when it starts animating, the ticks start.
            _ = navigator.top.isAnimating
            return render(size: size)
        } onChange: {
            continuation.yield(.refresh)
        }
        session.write(renderer.render(frame))
        if navigator.bellsPending > 0 {
            navigator.bellsPending = 0
            session.write("\u{07}")
        }
    }
}
