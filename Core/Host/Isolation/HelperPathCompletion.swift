import Dispatch
import FoundationEssentials
import StrataBase
import StrataHosting
import Synchronization

/// Tab in a path field of a helper's screen (``UserFiles/completions(of:extensions:)``, wire version 7): the
/// sandboxed helper can't list the user's folders, so it asks (``HelperWire/Kind/completeAsk``) and strata lists
/// the one folder typed, by the rule in process (``FileNameCompletion``), and answers the names
/// (``HelperWire/Kind/completeAnswer``). The Tab the user pressed is the grant: strata lists only while the key
/// it handed the screen is a Tab, once for it (``HelperScreenSession``), names only, never a file's bytes.
enum HelperPathCompletion {
    /// The first wire version whose strata answers an ask: the helper asks a strata of version 6 nothing.
    static let firstVersion: UInt32 = 7
    /// The longest an ask waits for strata's answer.
    static let answerSeconds = 2

    struct Ask: Codable, Equatable, Sendable {
        var id: UInt32
        /// The path as the user typed it so far (strata resolves its folder as it resolves a file asked for).
        var typed: String
        var extensions: [String]

        /// `nil` when it fits the bounds of a file asked for (``HelperFileAsk``); an empty path is one too.
        var problem: String? { HelperFileAsk(id: id, path: typed.isEmpty ? "." : typed, purpose: "", extensions: extensions).problem }

        /// strata's listing for it: the folder's names, or none when the user pressed no Tab for it.
        func answer(listing: Bool) -> Answer {
            let paths =
                listing
                ? FileNameCompletion.candidates(
                    completing: typed, extensions: extensions, workingDirectory: UserFileOpening.currentDirectory(), home: UserFileOpening.homeDirectory())
                : []
            return Answer(id: id, paths: paths)
        }
    }

    struct Answer: Codable, Equatable, Sendable {
        var id: UInt32
        var paths: [String]
    }

    /// The helper's side: asks strata, and waits for its answer (which the helper's reader delivers) at most
    /// ``answerSeconds``, on the calling thread (a screen's key handler, which is synchronous).
    final class Asker: Sendable {
        private struct State {
            var next: UInt32 = 1
            var waiting: UInt32?
            var answer: [String]?
        }

        private let channel: HelperChannel
        /// Whether strata answers asks (the version agreed at the handshake).
        private let strataLists: Bool
        private let state = Mutex(State())
        private let answered = DispatchSemaphore(value: 0)

        init(channel: HelperChannel, version: UInt32) {
            self.channel = channel
            strataLists = version >= firstVersion
        }

        func completions(of typed: String, extensions: [String]) -> [String] {
            guard strataLists else { return [] }
            let id = state.withLock { state in
                defer { state.next = state.next == .max ? 1 : state.next + 1 }
                (state.waiting, state.answer) = (state.next, nil)
                return state.next
            }
            let ask = Ask(id: id, typed: typed, extensions: extensions)
            guard ask.problem == nil, channel.send(HelperToHostMessage.completeAsk(ask)) else { return [] }
            let deadline = DispatchTime.now() + .seconds(answerSeconds)
            while true {
                let timedOut = answered.wait(timeout: deadline) == .timedOut
                let paths: [String]? = state.withLock { state in
                    guard let answer = state.answer ?? (timedOut ? [] : nil) else { return nil }
                    (state.waiting, state.answer) = (nil, nil)
                    return answer
                }
                if let paths { return paths }
            }
        }

        /// Takes strata's answer for the ask waiting; any other is dropped.
        func deliver(_ answer: Answer) {
            let taken = state.withLock { state in
                guard state.waiting == answer.id, state.answer == nil else { return false }
                state.answer = answer.paths
                return true
            }
            if taken { answered.signal() }
        }
    }
}
