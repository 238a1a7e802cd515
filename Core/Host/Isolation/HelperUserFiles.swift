import FoundationEssentials
import Glibc
import StrataPluginKit
import Synchronization

/// The ``UserFiles`` a plugin resolves in its sandboxed helper: a file the user typed in its screen is asked
/// for (``HelperFileAsk``), strata asks the user on its own prompt, and the bytes of the file it then sends
/// are copied into the helper's copies folder (``HelperFileCopies``), whose copy the plugin reads. Copies
/// live as long as the helper (its screen session); the folder of one that died is swept by the next.
/// Without a screen (a command), nothing is asked: the files of a command line cross with it already.
final class HelperUserFiles: UserFiles {
    private struct State {
        /// Whether strata opened a screen in this helper: only then is there a prompt to ask on.
        var screen = false
        var next: UInt32 = 1
        /// Whether the plugin is asking (one ask at a time).
        var asking = false
        /// The ask strata hasn't answered yet.
        var waiting: (id: UInt32, continuation: CheckedContinuation<(HelperFileAnswer, Int32?), Never>)?
        var copies = 0
    }

    private let channel: HelperChannel
    /// The helper's per-process copies folder, `<data folder>/.strata-files/<pid>`.
    private let folder: URL
    private let state = Mutex(State())
    /// What asks strata to list a folder for a Tab in the screen (``HelperPathCompletion``).
    private let completing: HelperPathCompletion.Asker?

    init(channel: HelperChannel, dataFolder: URL, completing: HelperPathCompletion.Asker? = nil) {
        self.channel = channel
        self.completing = completing
        folder = PrivateFolder.perProcess(in: dataFolder.appendingPathComponent(HelperFileCopies.folderName))
    }

    /// strata sent a screen request: from now on, asks go to its prompt.
    func screenOpened() {
        state.withLock { $0.screen = true }
    }

    func readable(_ path: String, purpose: String, extensions: [String]) async throws(UserFileError) -> String {
        let ask = try state.withLock { state throws(UserFileError) in
            guard state.screen else { throw .noScreen(path: path) }
            guard !state.asking else { throw .refused(path: path, reason: "the plugin is asking for another file already; ask for one at a time") }
            state.asking = true
            defer { state.next = state.next == .max ? 1 : state.next + 1 }
            return HelperFileAsk(id: state.next, path: path, purpose: purpose, extensions: extensions)
        }
        defer { state.withLock { $0.asking = false } }
        if let problem = ask.problem { throw .refused(path: String(path.prefix(200)), reason: problem) }
        let (answer, descriptor) = await withCheckedContinuation { continuation in
            state.withLock { $0.waiting = (ask.id, continuation) }
            if !channel.send(HelperToHostMessage.fileAsk(ask)) {
                finish(HelperFileAnswer(id: ask.id, .refused(path: path, reason: "strata is gone")), descriptor: nil)
            }
        }
        if let error = answer.error { throw error }
        guard let descriptor else { throw .refused(path: answer.path, reason: "the file didn't reach the plugin's helper") }
        defer { close(descriptor) }
        let name = answer.path.split(separator: "/").last.map(String.init) ?? "file"
        let number = state.withLock { state in
            defer { state.copies += 1 }
            return state.copies
        }
        do {
            try PrivateFolder.preparePerProcess(folder)
        } catch {
            throw .unreadable(path: answer.path, reason: "can't make the folder for its copy in the plugin's data folder: \(error)")
        }
        switch HelperFileCopies.copy(descriptor, named: name, into: folder.appendingPathComponent("picked-\(number)")) {
        case .success(let copy): return copy
        case .failure(let refusal): throw .unreadable(path: answer.path, reason: refusal.description)
        }
    }

    /// Only with a screen, whose Tab strata lists the folder for: a command has no prompt.
    func completions(of typed: String, extensions: [String]) -> [String] {
        guard state.withLock({ $0.screen }), let completing else { return [] }
        return completing.completions(of: typed, extensions: extensions)
    }

    /// Hands strata's answer to the ask waiting for it; `take` gives the descriptors that came with it. An
    /// answer to no ask is dropped, its descriptor closed.
    func deliver(_ answer: HelperFileAnswer, take: (Int) -> [Int32]) {
        let descriptor = answer.refusal == nil ? take(1).first : nil
        let continuation = state.withLock { state in
            guard let waiting = state.waiting, waiting.id == answer.id else { return nil as CheckedContinuation<(HelperFileAnswer, Int32?), Never>? }
            state.waiting = nil
            return waiting.continuation
        }
        guard let continuation else {
            if let descriptor { close(descriptor) }
            return
        }
        continuation.resume(returning: (answer, descriptor))
    }

    private func finish(_ answer: HelperFileAnswer, descriptor: Int32?) {
        let continuation = state.withLock { state in
            defer { state.waiting = nil }
            return state.waiting?.continuation
        }
        continuation?.resume(returning: (answer, descriptor))
    }

    /// Removes the copies made (the helper is ending).
    func removeCopies() {
        guard state.withLock({ $0.copies > 0 }) else { return }
        try? FileManager.default.removeItem(at: folder)
    }
}
