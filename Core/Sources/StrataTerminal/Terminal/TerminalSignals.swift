internal import Glibc
import StrataBase

/// What the signal handlers need, kept where a handler can read it without allocating or locking.
///
/// Written only by ``TerminalSession`` on the main thread, while the handlers that read it are not yet
/// installed (or before `active` is set); the handlers only read it. A raw pointer avoids Swift's dynamic
/// exclusivity bookkeeping for globals, which is not meant to run inside a signal handler.
struct SignalState {
    /// The terminal settings from before the app started, restored on every exit path.
    var saved = termios()
    /// The app's raw-mode settings, applied again after a suspend.
    var raw = termios()
    /// Whether the app owns the terminal (raw mode, alternate screen).
    var active = false
    /// The write end of the pipe that wakes the input thread (`-1` when there is none).
    var wakeFD: Int32 = -1
    /// The signal (SIGTERM, SIGINT or SIGHUP) that asked the app to quit, 0 while none did.
    var quitSignal: Int32 = 0
}

nonisolated(unsafe) let signalState: UnsafeMutablePointer<SignalState> = {
    let pointer = UnsafeMutablePointer<SignalState>.allocate(capacity: 1)
    pointer.initialize(to: SignalState())
    return pointer
}()

/// The bytes written to the wake pipe: resize, redraw (after resuming), stop the input thread, quit the
/// app (a signal asked it to).
enum WakeReason: UInt8 {
    case resize = 0x77, redraw = 0x63, stop = 0x78, quit = 0x71
}

/// Switches to the alternate screen, hides the cursor, turns off auto-wrap, turns on bracketed paste (so
/// that pasted text arrives marked, see ``Key/paste(_:)``) and applies raw mode.
/// Async-signal-safe (only `write` and `tcsetattr`).
func enterTerminal() {
    writeStatic("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h\u{1B}[2J")
    _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &signalState.pointee.raw)
}

/// Restores what the user had: attributes reset, auto-wrap on, bracketed paste off, cursor shown, main
/// screen, saved settings. Async-signal-safe (only `write` and `tcsetattr`).
func leaveTerminal() {
    writeStatic("\u{1B}[0m\u{1B}[?7h\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l")
    _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &signalState.pointee.saved)
}

/// Wakes the input thread. Async-signal-safe; never blocks (the socket is non-blocking) and never raises
/// SIGPIPE when the input thread has gone.
func wake(_ reason: WakeReason) {
    let fd = signalState.pointee.wakeFD
    guard fd >= 0 else { return }
    var byte = reason.rawValue
    _ = send(fd, &byte, 1, Int32(MSG_NOSIGNAL))
}

private func writeStatic(_ text: StaticString) {
    writeAll(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), to: STDOUT_FILENO)
}

/// Signal handlers that keep the terminal usable whatever ends or pauses the process.
enum TerminalSignals {
    /// The signals that end the process by default; the terminal is restored before the default action.
    static let terminating = [SIGTERM, SIGINT, SIGHUP, SIGQUIT]
    /// The signals of a crash (a trap, a bad access, an abort), from the app or any plugin code it runs.
    static let fatal = [SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE]

    /// Installs the handlers (call after ``SignalState/active`` is set).
    ///
    /// - Returns: The actions they replaced, for ``restore(_:)``.
    static func install() -> [(Int32, sigaction)] {
        let handlers =
            terminating.map { ($0, onTerminate) }
            + [(SIGWINCH, onResize), (SIGTSTP, onSuspend), (SIGCONT, onContinue)]
        let replaced = handlers.map { number, handler in
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var previous = sigaction()
            sigaction(number, &action, &previous)
            return (number, previous)
        }
        return replaced
            + fatal.map { number in
                var action = sigaction()
                action.__sigaction_handler.sa_sigaction = onFatal
                sigemptyset(&action.sa_mask)
                action.sa_flags = SA_SIGINFO | SA_ONSTACK
                sigaction(number, &action, previousFatal + Int(number))
                return (number, previousFatal[Int(number)])
            }
    }

    /// The actions the fatal-signal handler replaced, indexed by signal number: the handler reads them
    /// from a plain buffer, without touching reference counts.
    nonisolated(unsafe) private static let previousFatal: UnsafeMutablePointer<sigaction> = {
        let buffer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        buffer.initialize(repeating: sigaction(), count: 65)
        return buffer
    }()

    /// A crash: restore the terminal first, then hand the signal to whatever handled it before (the crash
    /// journal, Swift's backtracer), called with the same signal information, so that it still tells a
    /// fault of this process from a signal another process sent. With no handler before, the default
    /// action: a fault comes back when the instruction runs again; a signal sent with `kill` is sent again,
    /// with the default action, also after a handler that returned (Swift's backtracer does).
    private static let onFatal: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
        number, info, context in
        if signalState.pointee.active { leaveTerminal() }
        let before = previousFatal[Int(number)]
        sigaction(number, previousFatal + Int(number), nil)
        callHandler(before, for: number, info, context)
        // A sent signal the previous handler returned from (or had none for) ends the process by default.
        if (info?.pointee.si_code ?? 0) <= 0 {
            signal(number, nil)
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, number)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            raise(number)
        }
    }

    /// Puts back the actions ``install()`` replaced (e.g. the Swift runtime's crash backtracer).
    static func restore(_ previous: [(Int32, sigaction)]) {
        for (number, action) in previous {
            var action = action
            sigaction(number, &action, nil)
        }
    }

    /// SIGTERM, SIGINT or SIGHUP (a closed terminal) while the app runs: wakes the input thread to quit the
    /// app; the same or another of them again meanwhile changes nothing (a closed terminal sends SIGHUP
    /// more than once). Otherwise (SIGQUIT, no app): restores the terminal, then lets the signal end the
    /// process as it would have without the app, so the exit status still says which signal it was.
    private static let onTerminate: @convention(c) (Int32) -> Void = { number in
        if number != SIGQUIT, signalState.pointee.active, signalState.pointee.wakeFD >= 0 {
            if signalState.pointee.quitSignal == 0 {
                signalState.pointee.quitSignal = number
                wake(.quit)
            }
            return
        }
        if signalState.pointee.active { leaveTerminal() }
        signal(number, nil)
        raise(number)
    }

    private static let onResize: @convention(c) (Int32) -> Void = { _ in wake(.resize) }

    /// Ctrl-Z (or `kill -TSTP`): hand the terminal back to the shell and stop. `SIGSTOP` stops at once even
    /// inside this handler; when the shell continues the process, ``onContinue`` takes the terminal back.
    private static let onSuspend: @convention(c) (Int32) -> Void = { _ in
        if signalState.pointee.active { leaveTerminal() }
        raise(SIGSTOP)
    }

    private static let onContinue: @convention(c) (Int32) -> Void = { _ in
        guard signalState.pointee.active else { return }
        enterTerminal()
        wake(.redraw)
    }
}
