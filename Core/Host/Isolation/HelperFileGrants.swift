import Glibc
import StrataBase
import StrataHosting
import StrataPluginKit
import Synchronization

/// strata's side of the files a helper's screen asks for (``HelperFileAsk``), for one screen session: the
/// user's Enter on strata's own prompt is the grant (a document picker's "powerbox"), and holds until the
/// session ends: a file allowed once is given again without asking (a form checked and started again). One
/// ask at a time; after ``maximumDenials`` denials in the session strata refuses without asking, so that a
/// plugin can't wear the user down. The file is opened only once the user allowed it, as the user, and judged through
/// the descriptor that crosses (``UserFileOpening/open(_:maximumBytes:)``).
final class HelperFileGrants: Sendable {
    static let maximumDenials = 3

    /// What strata's prompt shows.
    struct Prompt: Equatable, Sendable {
        var id: UInt32
        /// The absolute path strata opens when allowed (resolved from the one the plugin sent).
        var path: String
        /// What the plugin wants it for (sanitized, one line).
        var purpose: String
    }

    /// What an ask comes to.
    enum Outcome: Equatable {
        /// The user is to be asked.
        case ask(Prompt)
        /// The answer to send now, without asking, with the file's descriptor when it was allowed before (the
        /// caller closes it once sent).
        case answer(HelperFileAnswer, descriptor: Int32? = nil)
    }

    private struct State {
        var pending: Prompt?
        var denials = 0
        /// The paths the user allowed in this session.
        var allowed: Set<String> = []
    }

    private let state = Mutex(State())
    private let workingDirectory: String
    private let home: String?

    init(workingDirectory: String = UserFileOpening.currentDirectory(), home: String? = UserFileOpening.homeDirectory()) {
        self.workingDirectory = workingDirectory
        self.home = home
    }

    /// The ask the prompt is up for, if one is.
    var pending: Prompt? { state.withLock { $0.pending } }

    /// Takes an ask's payload from the helper; `nil` when it is not one within the bounds.
    func receive(_ payload: [UInt8]) -> Outcome? {
        guard let ask = HelperFileAsk(payload: payload) else { return nil }
        let path = UserFileOpening.resolved(ask.path, workingDirectory: workingDirectory, home: home)
        // `nil` from the lock: a file the user allowed before, opened afresh outside it (a file system call).
        let decided: Outcome? = state.withLock { state in
            if state.pending != nil {
                return .answer(
                    HelperFileAnswer(id: ask.id, .refused(path: path, reason: "strata is asking you for another file already; ask for one at a time")))
            }
            if state.denials >= Self.maximumDenials {
                return .answer(
                    HelperFileAnswer(
                        id: ask.id,
                        .refused(path: path, reason: "you said no \(Self.maximumDenials) times on this screen, so strata asks no more until it is opened again")
                    ))
            }
            if let problem = UserFileOpening.extensionProblem(path, extensions: ask.extensions) {
                return .answer(HelperFileAnswer(id: ask.id, .unreadable(path: path, reason: problem)))
            }
            if state.allowed.contains(path) { return nil }
            let purpose = Sanitizer.sanitize(ask.purpose).split(whereSeparator: \.isNewline).joined(separator: " ")
            let prompt = Prompt(id: ask.id, path: path, purpose: purpose)
            state.pending = prompt
            return .ask(prompt)
        }
        if let decided { return decided }
        let (answer, descriptor) = Self.opened(path, id: ask.id)
        return .answer(answer, descriptor: descriptor)
    }

    /// The user's answer to the prompt up: the answer to send, and the file's descriptor that goes with it
    /// when allowed (the caller closes it once sent); `nil` when no prompt is up.
    func answer(allow: Bool) -> (answer: HelperFileAnswer, descriptor: Int32?)? {
        let prompt: Prompt? = state.withLock { state in
            defer { state.pending = nil }
            if !allow && state.pending != nil { state.denials += 1 }
            return state.pending
        }
        guard let prompt else { return nil }
        guard allow else { return (HelperFileAnswer(id: prompt.id, .denied(path: prompt.path)), nil) }
        state.withLock { _ = $0.allowed.insert(prompt.path) }
        return Self.opened(prompt.path, id: prompt.id)
    }

    /// The answer for an allowed `path`: opened now, as the user, with its descriptor, or why it can't be.
    private static func opened(_ path: String, id: UInt32) -> (answer: HelperFileAnswer, descriptor: Int32?) {
        switch UserFileOpening.open(path, maximumBytes: HelperFiles.maximumBytes) {
        case .success(let descriptor): (HelperFileAnswer(id: id, path: path), descriptor)
        case .failure(let problem): (HelperFileAnswer(id: id, problem), nil)
        }
    }
}
