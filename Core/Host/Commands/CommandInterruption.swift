import Glibc
import Synchronization

/// The signal that arrived while a plugin's command ran (0 while none did). Set by the handler, where an
/// atomic store is safe.
private let arrivedSignal = Atomic<Int32>(0)

/// While a plugin's command runs, Ctrl-C (SIGINT) and SIGTERM cancel its task instead of ending strata, so
/// that the command stops as it decides: a run is saved as cancelled and a live mate told, a chat's daily use
/// is given back. The handlers reset on their first signal, so a second Ctrl-C ends strata at once.
enum CommandInterruption {
    static let signals = [SIGINT, SIGTERM]

    /// Runs `command` as a task of its own, cancelled at the first SIGINT or SIGTERM.
    /// - Returns: the command's exit code; 128 + the signal's number when a signal stopped a command that
    ///   then did not succeed (130 for Ctrl-C).
    static func run(_ command: @escaping @Sendable () async -> Int32) async -> Int32 {
        arrivedSignal.store(0, ordering: .sequentiallyConsistent)
        let previous = signals.map { number in
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { arrivedSignal.store($0, ordering: .sequentiallyConsistent) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART | Int32(bitPattern: UInt32(SA_RESETHAND))
            var old = sigaction()
            sigaction(number, &action, &old)
            return (number, old)
        }
        let task = Task { await command() }
        // A signal handler can't cancel a task; this watch turns the flag into the cancellation.
        let watch = Task.detached {
            while !Task.isCancelled {
                if arrivedSignal.load(ordering: .sequentiallyConsistent) != 0 { task.cancel(); return }
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
        let code = await task.value
        watch.cancel()
        for (number, old) in previous {
            var old = old
            sigaction(number, &old, nil)
        }
        let signal = arrivedSignal.load(ordering: .sequentiallyConsistent)
        return signal != 0 && code != 0 ? 128 + signal : code
    }
}
