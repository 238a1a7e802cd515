internal import Glibc

/// The loop of the input thread: waits for keyboard bytes or a wake-up from a signal handler, decodes keys
/// and sends events to the app.
enum InputReader {
    /// How long to wait for the rest of an escape sequence before a lone `ESC` counts as the Escape key.
    static let escapeDelayMilliseconds: Int32 = 30

    static func run(input: Int32, wake: Int32, continuation: AsyncStream<TerminalEvent>.Continuation) {
        defer { close(wake) }
        // This thread takes the terminal signals even if every other thread blocks them (a process started
        // from a concurrency pool thread inherits a mask that blocks nearly everything).
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in TerminalSignals.terminating + [SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&handled, number) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        var decoder = KeyDecoder()
        var fds = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let ready = poll(&fds, 2, decoder.hasPendingInput ? escapeDelayMilliseconds : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                continuation.yield(.endOfInput)
                return
            }
            if ready == 0 {
                for key in decoder.flush() { continuation.yield(.key(key)) }
                continue
            }
            if fds[1].revents != 0 {
                let count = read(wake, &buffer, buffer.count)
                let reasons = count > 0 ? buffer[0..<count].compactMap(WakeReason.init) : []
                if reasons.contains(.stop) { return }
                if reasons.contains(.quit) { continuation.yield(.endOfInput) }
                if !reasons.isEmpty { continuation.yield(.resize) }
            }
            if fds[0].revents != 0 {
                let count = read(input, &buffer, buffer.count)
                if count > 0 {
                    for key in decoder.decode(buffer[0..<count]) { continuation.yield(.key(key)) }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    continuation.yield(.endOfInput)
                    return
                }
            }
        }
    }
}
