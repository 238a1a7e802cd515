internal import FoundationEssentials
internal import Glibc
import StrataBase

/// Something that happened while an app runs on a terminal.
public enum TerminalEvent: Hashable, Sendable {
    /// A key was pressed.
    case key(Key)
    /// The terminal changed size, or its contents must be redrawn in full (after resuming from Ctrl-Z).
    case resize
    /// Time passed: the current screen is animating (a spinner) and wants its next frame.
    case tick
    /// Observed state changed and the screen should be drawn again.
    case refresh
    /// Standard input closed (the terminal went away).
    case endOfInput
}

/// A failure to take over the terminal.
public struct TerminalError: Error, CustomStringConvertible, Sendable {
    /// What failed and what to do about it.
    public let description: String
}

/// Owns the terminal while a full-screen app runs: raw mode, the alternate screen, a hidden cursor, signal
/// handlers that restore everything on SIGTERM/SIGINT/SIGHUP/SIGQUIT, on a crash (SIGSEGV, SIGILL, SIGTRAP,
/// SIGABRT, SIGBUS, SIGFPE) and around Ctrl-Z, and a thread that reads and decodes input.
///
/// ``end()`` must be called on every path out of the app (``TerminalApp/run(environment:)`` does this with
/// `defer`); a signal that kills the process restores the terminal through its handler instead.
final class TerminalSession {
    private var wakeWriteFD: Int32 = -1
    private var previousSignalActions: [(Int32, sigaction)] = []
    private var ended = false

    /// Saves the current settings and switches the terminal into the app's mode.
    ///
    /// - Throws: ``TerminalError`` when standard input is not a terminal or its settings cannot be changed.
    init() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw TerminalError(
                description: "the interactive app needs a terminal on standard input and output; "
                    + "run `strata --help` for the command-line interface")
        }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
            throw TerminalError(
                description: "could not read the terminal settings of standard input ("
                    + "\(String(cString: strerror(errno)))); run strata from a terminal, or see `strata --help`")
        }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        // A socket pair, not a pipe: a signal handler's wake-up after the input thread has gone (a closed
        // terminal ends it, then SIGHUP arrives) must fail quietly (MSG_NOSIGNAL), not end the app with
        // SIGPIPE while its screens save what they must.
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
            throw TerminalError(
                description: "could not create the socket pair that carries terminal signals ("
                    + "\(String(cString: strerror(errno)))); close other programs or raise `ulimit -n`")
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wakeWriteFD = fds[1]
        signalState.pointee = SignalState(saved: saved, raw: raw, active: true, wakeFD: fds[1])
        previousSignalActions = TerminalSignals.install()
        enterTerminal()
        startInputThread(wakeReadFD: fds[0])
    }

    /// Events from the terminal: keys, resizes, end of input. The app adds its own (ticks, refreshes)
    /// through ``continuation``.
    let (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)

    /// The current size of the terminal (80×24 if it cannot be read), and of a cell in pixels when the
    /// terminal reports it.
    var size: (cells: TerminalSize, cell: CellPixelSize?) {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (TerminalSize(width: 80, height: 24), nil)
        }
        return (
            TerminalSize(width: Int(window.ws_col), height: Int(window.ws_row)),
            CellPixelSize(
                columns: Int(window.ws_col), rows: Int(window.ws_row),
                pixelWidth: Int(window.ws_xpixel), pixelHeight: Int(window.ws_ypixel))
        )
    }

    /// Writes `output` to the terminal in full (one frame is one write where the system allows).
    func write(_ output: String) {
        writeAll(output, to: STDOUT_FILENO)
    }

    /// Hands the terminal back to the shell and stops the process, as Ctrl-Z does in a normal program;
    /// returns once the shell continues it, with the terminal taken back and a redraw requested.
    func suspend() {
        kill(getpid(), SIGTSTP)  // to the process: the calling thread may be a pool thread that blocks signals
    }

    /// Restores the terminal exactly as it was, stops the input thread and removes the signal handlers.
    /// Safe to call more than once.
    func end() {
        guard !ended else { return }
        ended = true
        leaveTerminal()
        signalState.pointee.active = false
        TerminalSignals.restore(previousSignalActions)
        wake(.stop)
        signalState.pointee.wakeFD = -1
        close(wakeWriteFD)
        continuation.finish()
    }

    private func startInputThread(wakeReadFD: Int32) {
        let continuation = self.continuation
        let started = detachThread(named: "strata-input") { InputReader.run(input: STDIN_FILENO, wake: wakeReadFD, continuation: continuation) }
        precondition(started, "can't start the terminal's input thread: the system is out of threads")
    }
}
