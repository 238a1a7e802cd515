import Dispatch
import Glibc
import StrataBase
import Synchronization

/// The helper's reader of strata's frames: each frame is handled on the thread that read it, so a command
/// starts where its request arrived (``HelperInlineStart``). Handling a frame may hold that thread: a command
/// whose start spins, or waits on its thread for its own HTTP answer. Then, after ``patience``, a standby
/// thread takes over reading, so the answer and Ctrl-C still arrive; the held thread ends once it is let go.
///
/// The standby sleeps until a frame arrives, then looks every ``patience`` while frames keep coming, and
/// sleeps again once it finds the reader idle: the reader wakes it at most once per ``patience``, not per frame.
final class HelperFrameReader: Sendable {
    /// How long handling one frame may hold the reading thread before another reads instead.
    static let patience: Duration = .milliseconds(10)
    /// How many held threads may wait to be let go at once (each a thread's stack in the helper's address
    /// space); past that, the reader stays held, as a helper with one reading thread would.
    static let maximumHeld = 4

    private struct State {
        /// The number of the thread reading now; a held thread that was replaced sees another.
        var reader = 0
        /// Since when the reader has been handling a frame (`nil`: it is reading).
        var busySince: ContinuousClock.Instant?
        /// Whether the standby is looking (`false`: it sleeps until the next frame wakes it).
        var watching = false
        /// Threads replaced while held, not yet let go.
        var held = 0
        /// Descriptors that came with the frames read (``HelperFiles``), in order, until a frame takes them.
        var descriptors: [Int32] = []
    }

    private let channel: HelperChannel
    private let handle: @Sendable (HelperWire.Frame, HelperFrameReader) -> Void
    private let closed: @Sendable () -> Void
    private let state = Mutex(State())
    /// Wakes the sleeping standby.
    private let wake = DispatchSemaphore(value: 0)

    /// Reads `channel` on threads of its own, handing each frame to `handle` (with this reader, which holds
    /// the descriptors that came with the frames); `closed` runs when strata closed the socket. False when no
    /// thread could start.
    static func start(
        _ channel: HelperChannel, handle: @escaping @Sendable (HelperWire.Frame, HelperFrameReader) -> Void,
        closed: @escaping @Sendable () -> Void
    ) -> Bool {
        let reader = HelperFrameReader(channel: channel, handle: handle, closed: closed)
        return detachThread(named: "strata-helper-wire") { reader.read(as: 0) } && reader.startStandby()
    }

    private init(
        channel: HelperChannel, handle: @escaping @Sendable (HelperWire.Frame, HelperFrameReader) -> Void,
        closed: @escaping @Sendable () -> Void
    ) {
        self.channel = channel
        self.handle = handle
        self.closed = closed
    }

    /// The first `count` descriptors that came with the frames and no frame took yet (fewer if fewer came).
    func takeDescriptors(_ count: Int) -> [Int32] {
        state.withLock { state in
            let taken = Array(state.descriptors.prefix(count))
            state.descriptors.removeFirst(taken.count)
            return taken
        }
    }

    private func startStandby() -> Bool { detachThread(named: "strata-helper-standby") { self.standBy() } }

    /// Reads and handles frames as reader number `number`, until the socket closes or another thread took
    /// over while this one was held.
    private func read(as number: Int) {
        var descriptors: [Int32] = []
        while let frame = try? channel.receive(descriptors: &descriptors) {
            let wakeStandby = state.withLock { state in
                state.descriptors += descriptors
                state.busySince = .now
                defer { state.watching = true }
                return !state.watching
            }
            descriptors.removeAll(keepingCapacity: true)
            if wakeStandby { wake.signal() }
            handle(frame, self)
            let replaced = state.withLock { state in
                guard state.reader == number else {
                    state.held -= 1
                    return true
                }
                state.busySince = nil
                return false
            }
            if replaced { return }
        }
        closed()
    }

    /// What the standby found when it looked.
    private enum Look { case idle, watch, takeOver(reader: Int) }

    /// Sleeps until a frame arrives, then watches the reader; takes over reading from a reader held longer
    /// than ``patience`` (and starts the next standby), unless ``maximumHeld`` threads are held already.
    private func standBy() {
        while true {
            wake.wait()
            var look = Look.watch
            while case .watch = look {
                // The standby's pause between looks (its own thread; nothing waits on it).
                usleep(UInt32(Self.patience / .microseconds(1)))
                look = state.withLock { state in
                    guard let since = state.busySince else {
                        state.watching = false
                        return .idle
                    }
                    guard since.duration(to: .now) >= Self.patience, state.held < Self.maximumHeld else { return .watch }
                    state.reader += 1
                    state.held += 1
                    state.busySince = nil
                    state.watching = false
                    return .takeOver(reader: state.reader)
                }
            }
            if case .takeOver(let reader) = look {
                _ = startStandby()
                return read(as: reader)
            }
        }
    }
}
