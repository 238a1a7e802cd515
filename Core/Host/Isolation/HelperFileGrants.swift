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
///
/// A grant is a file, not a name: the prompt shows the path with every link resolved, which is what strata
/// opens (a file whose path changes between the prompt and the open is refused), and a file allowed before is
/// given again only while its name still leads to the same file, unchanged (``FileKey``); otherwise strata asks
/// again. Nothing inside a folder the helper can write is handed over at all: the plugin could have put
/// anything there, a link to the user's key among them.
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
        /// The files the user allowed in this session: each resolved path, and the file it led to then.
        var allowed: [String: FileKey] = [:]
    }

    /// A file as the kernel knows it, whatever its name: its device and inode, and its change time, since a
    /// file removed and made again may get the inode back (seen here).
    struct FileKey: Equatable {
        var device: UInt64
        var inode: UInt64
        var changed: [Int]

        init?(descriptor: Int32) {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            changed = [Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec)]
        }
    }

    private let state = Mutex(State())
    private let workingDirectory: String
    private let home: String?
    /// The folders and files the helper can write.
    private let helperWritable: [String]

    /// Where each ask, the user's answer and each refusal is recorded.
    private let audit: PluginAuditLog?

    init(
        helperWritable: [String], workingDirectory: String = UserFileOpening.currentDirectory(), home: String? = UserFileOpening.homeDirectory(),
        audit: PluginAuditLog? = nil
    ) {
        self.audit = audit
        self.workingDirectory = workingDirectory
        self.home = home
        self.helperWritable = helperWritable
    }

    /// The ask the prompt is up for, if one is.
    var pending: Prompt? { state.withLock { $0.pending } }

    /// Takes an ask from the helper (``HelperToHostMessage`` checked its bounds).
    func receive(_ ask: HelperFileAsk) -> Outcome {
        let outcome = decide(ask)
        // A prompt is recorded with the user's answer; a file given again, or refused, now.
        if case .answer(let answer, _) = outcome {
            record(.file, answer, how: answer.refusal == nil ? "again" : "asked")
        }
        return outcome
    }

    private func record(_ kind: PluginAudit.Entry.Kind, _ answer: HelperFileAnswer, how: String? = nil) {
        var reason: String?
        switch answer.refusal {
        case nil, .denied: break
        case .unreadable(let why), .refused(let why): reason = why
        case .tooLarge(let maximum): reason = "it is larger than \(maximum >> 20) MiB"
        }
        let allowed = answer.refusal == nil || (kind == .prompt && answer.refusal != .denied)
        audit?.record(
            PluginAudit.Entry(
                kind: kind, refused: answer.refusal != nil, path: answer.path, write: kind == .file ? false : nil, how: how,
                answer: kind == .prompt ? (allowed ? "allowed" : "denied") : nil, reason: reason))
    }

    private func decide(_ ask: HelperFileAsk) -> Outcome {
        let typed = UserFileOpening.resolved(ask.path, workingDirectory: workingDirectory, home: home)
        // What strata would open: every link resolved (a missing file stays as typed, and fails to open).
        let path = realPath(typed) ?? typed
        if let folder = HelperFiles.folder(holding: path, of: helperWritable) {
            let reason = "it is in \(folder), which the plugin can write, so strata doesn't hand it over. Name a file of yours outside it"
            return .answer(HelperFileAnswer(id: ask.id, .refused(path: path, reason: reason)))
        }
        // The name the user typed is what the plugin's extensions are about.
        if let problem = UserFileOpening.extensionProblem(typed, extensions: ask.extensions) {
            return .answer(HelperFileAnswer(id: ask.id, .unreadable(path: typed, reason: problem)))
        }
        // A file allowed before, if its name still leads to it: opened afresh outside the lock (a file system
        // call), and given without asking; `nil` when it must be asked for.
        if let known = state.withLock({ $0.allowed[path] }), case .success(let descriptor) = Self.open(path) {
            if FileKey(descriptor: descriptor) == known, state.withLock({ $0.pending == nil }) {
                return .answer(HelperFileAnswer(id: ask.id, path: path), descriptor: descriptor)
            }
            close(descriptor)
        }
        return state.withLock { state in
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
            let purpose = Sanitizer.sanitize(ask.purpose).split(whereSeparator: \.isNewline).joined(separator: " ")
            let prompt = Prompt(id: ask.id, path: path, purpose: purpose)
            state.pending = prompt
            return .ask(prompt)
        }
    }

    /// The user's answer to the prompt up: the answer to send, and the file's descriptor that goes with it
    /// when allowed (the caller closes it once sent); `nil` when no prompt is up.
    func answer(allow: Bool) -> (answer: HelperFileAnswer, descriptor: Int32?)? {
        let answered = answering(allow: allow)
        if let answered { record(.prompt, answered.answer) }
        return answered
    }

    private func answering(allow: Bool) -> (answer: HelperFileAnswer, descriptor: Int32?)? {
        let prompt: Prompt? = state.withLock { state in
            defer { state.pending = nil }
            if !allow && state.pending != nil { state.denials += 1 }
            return state.pending
        }
        guard let prompt else { return nil }
        guard allow else { return (HelperFileAnswer(id: prompt.id, .denied(path: prompt.path)), nil) }
        switch Self.open(prompt.path) {
        case .success(let descriptor):
            if let key = FileKey(descriptor: descriptor) { state.withLock { $0.allowed[prompt.path] = key } }
            return (HelperFileAnswer(id: prompt.id, path: prompt.path), descriptor)
        case .failure(let problem): return (HelperFileAnswer(id: prompt.id, problem), nil)
        }
    }

    /// `path` (links resolved) opened now, as the user, if it still is that path: the kernel's name for the
    /// file opened (`/proc/self/fd/N`) must be the one shown, else a link was put in its way since.
    private static func open(_ path: String) -> Result<Int32, UserFileError> {
        UserFileOpening.open(path, maximumBytes: HelperFiles.maximumBytes).flatMap { descriptor in
            guard realPath("/proc/self/fd/\(descriptor)") == path else {
                close(descriptor)
                return .failure(.refused(path: path, reason: "its path changed while strata opened it. Name it again"))
            }
            return .success(descriptor)
        }
    }
}
