import Dispatch
import Glibc
import Synchronization

/// The signal that arrived while a plugin's command ran (0 while none did), and the pipe the handler wakes
/// the watch through: an atomic store and a `write(2)` are what a signal handler may safely do.
private let arrivedSignal = Atomic<Int32>(0)
private let wakeDescriptor = Atomic<Int32>(-1)

/// While a plugin's command runs, Ctrl-C (SIGINT), SIGTERM and SIGHUP (a closed terminal) cancel its task
/// instead of ending strata, so that the command stops as it decides: a run is saved as cancelled and a live
/// mate told, a chat's daily use is given back. The SIGINT and SIGTERM handlers reset on their first signal,
/// so a second Ctrl-C ends strata at once; SIGHUP's stays (a closed terminal sends it more than once, and no
/// one is left to press Ctrl-C twice).
enum CommandInterruption {
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Runs `command` as a task of its own, cancelled at the first SIGINT, SIGTERM or SIGHUP.
    /// - Returns: the command's exit code; 128 + the signal's number when a signal stopped a command that
    ///   then did not succeed (130 for Ctrl-C).
    static func run(_ command: @escaping @Sendable () async -> Int32) async -> Int32 {
        // A handler can't cancel a task: it writes a byte to a pipe, and a read source on the other end
        // (asleep until then, no polling) cancels the task.
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return await command() }  // then Ctrl-C just ends strata
        let (readEnd, writeEnd) = (ends[0], ends[1])
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        arrivedSignal.store(0, ordering: .sequentiallyConsistent)
        wakeDescriptor.store(writeEnd, ordering: .sequentiallyConsistent)
        let previous = signals.map { number in
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                arrivedSignal.store(signal, ordering: .sequentiallyConsistent)
                var byte: UInt8 = 1
                _ = write(wakeDescriptor.load(ordering: .sequentiallyConsistent), &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART | (number == SIGHUP ? 0 : Int32(bitPattern: UInt32(SA_RESETHAND)))
            var old = sigaction()
            sigaction(number, &action, &old)
            return (number, old)
        }
        let task = Task { await command() }
        let watch = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: .global())
        watch.setEventHandler {
            var bytes = (UInt64(0), UInt64(0))
            _ = withUnsafeMutableBytes(of: &bytes) { read(readEnd, $0.baseAddress, $0.count) }
            task.cancel()
        }
        watch.setCancelHandler {
            close(readEnd)
            close(writeEnd)
        }
        watch.resume()
        let code = await task.value
        for (number, old) in previous {
            var old = old
            sigaction(number, &old, nil)
        }
        wakeDescriptor.store(-1, ordering: .sequentiallyConsistent)
        watch.cancel()
        let signal = arrivedSignal.load(ordering: .sequentiallyConsistent)
        return signal != 0 && code != 0 ? 128 + signal : code
    }
}
