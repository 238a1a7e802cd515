import Dispatch
import StrataBase
import Synchronization

/// The helper the app starts ahead for the isolated feature selected on its home screen, so that opening the
/// feature costs only what is left (the handshake, the plugin's load and its first frame), not a process's start
/// (RESULTS.md §7). One at a time: selecting another feature ends it (it is never used twice, and holds no
/// plugin code: lazy activation holds), and so does a change of the config or the plugin folders, which may
/// change how the feature's helper starts.
final class HelperSpare: Sendable {
    static let shared = HelperSpare()

    /// One helper's start, from the thread that starts it to whoever takes it or ends it unused.
    private final class Start: Sendable {
        enum State {
            case starting
            case ready(StartingHelper?)
            /// Ended unused: a helper that arrives now is ended.
            case discarded
        }
        let pluginID: String
        let state = Mutex<State>(.starting)
        let ready = DispatchSemaphore(value: 0)

        init(pluginID: String) { self.pluginID = pluginID }

        /// The start ended with `helper` (`nil`: it failed).
        func finish(_ helper: StartingHelper?) {
            let unwanted = state.withLock { state -> StartingHelper? in
                guard case .starting = state else { return helper }
                state = .ready(helper)
                return nil
            }
            unwanted?.stop()
            ready.signal()
        }

        /// Ends it unused, now or as soon as it has started; not on the calling thread, which may be the app's
        /// (a helper's end is waited for).
        func discard() {
            let helper = state.withLock { state -> StartingHelper? in
                defer { state = .discarded }
                if case .ready(let helper) = state { return helper }
                return nil
            }
            guard let helper else { return }
            if !detachThread(named: "strata-helper-end", { helper.stop() }) { helper.stop() }
        }

        /// Waits until it has started: the helper, or `nil` when it failed.
        func helper() -> StartingHelper? {
            ready.wait()
            ready.signal()
            return state.withLock { if case .ready(let helper) = $0 { helper } else { nil } }
        }
    }

    private let held = Mutex<Start?>(nil)

    /// Starts `command`'s helper on a thread of its own, in place of the one held for another plugin; does
    /// nothing when one is held or starting for the same plugin, or strata wouldn't start it (refused, or given
    /// up after its helpers kept crashing).
    func prepare(_ command: HelperCommand) {
        guard command.refusal == nil, command.supervisor.admitNow(command.pluginID) == nil, let launch = command.launch else { return }
        let start = Start(pluginID: command.pluginID)
        let (isNew, replaced) = held.withLock { held -> (Bool, Start?) in
            guard held?.pluginID != start.pluginID else { return (false, nil) }
            defer { held = start }
            return (true, held)
        }
        guard isNew else { return }
        replaced?.discard()
        let started = detachThread(named: "strata-helper-spare") { start.finish(try? PluginHelper.spawn(launch)) }
        if !started { start.finish(nil) }
    }

    /// The helper held for the plugin `launch` starts, waiting for it if it is still starting; `nil` when none
    /// is, it died meanwhile, or it started otherwise than `launch` says (its library changed since, say). It is
    /// no longer held: the caller opens it.
    func take(startingLike launch: HelperLaunch) -> StartingHelper? {
        let start = held.withLock { held -> Start? in
            guard let current = held, current.pluginID == launch.pluginID else { return nil }
            held = nil
            return current
        }
        guard let helper = start?.helper() else { return nil }
        guard !helper.hasEnded, helper.launch.startsLike(launch) else {
            helper.stop()
            return nil
        }
        return helper
    }

    /// Ends the helper held, or still starting: how the features' helpers start may have changed.
    func discardAll() {
        held.withLock { held -> Start? in
            defer { held = nil }
            return held
        }?.discard()
    }
}
