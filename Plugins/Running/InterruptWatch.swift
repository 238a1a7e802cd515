import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Set by the signal handler (an atomic store is safe there), read by the watch's polling task.
private let interrupted = Atomic<Bool>(false)

/// Turns Ctrl-C (SIGINT) and SIGTERM into a call, so that a run stops cleanly: the result is saved as
/// cancelled and a live mate is told. `stop()` puts the previous handlers back.
final class InterruptWatch {
    private static let signals = [SIGINT, SIGTERM]
    private let previous: [(Int32, sigaction)]
    private let poller: Task<Void, Never>

    init(onInterrupt: @escaping @Sendable () -> Void) {
        interrupted.store(false, ordering: .sequentiallyConsistent)
        previous = Self.signals.map { number in
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in interrupted.store(true, ordering: .sequentiallyConsistent) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var old = sigaction()
            sigaction(number, &action, &old)
            return (number, old)
        }
        poller = Task.detached {
            while !Task.isCancelled {
                if interrupted.load(ordering: .sequentiallyConsistent) {
                    onInterrupt()
                    return
                }
                try? await Task.sleep(nanoseconds: 100_000_000)
            }
        }
    }

    func stop() {
        poller.cancel()
        for (number, action) in previous {
            var action = action
            sigaction(number, &action, nil)
        }
    }
}
