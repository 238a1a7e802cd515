public import Glibc

/// Calls the handler `previous` holds for `signal`, if it holds a function (not `SIG_DFL` or `SIG_IGN`),
/// with the signal information when it takes it: how a fatal-signal handler hands the signal on to the one
/// installed before it (Swift's backtracer, another of strata's). Async-signal-safe.
public func callHandler(
    _ previous: sigaction, for signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
    _ context: UnsafeMutableRawPointer?
) {
    // 0 is SIG_DFL and 1 SIG_IGN; anything else is a function.
    let address = unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self)
    guard address != 0 && address != 1 else { return }
    if previous.sa_flags & SA_SIGINFO != 0 {
        previous.__sigaction_handler.sa_sigaction?(signal, info, context)
    } else {
        previous.__sigaction_handler.sa_handler?(signal)
    }
}
