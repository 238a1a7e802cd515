import StrataBase

/// A host service: a file the user typed (in a screen's form, say) made readable to the plugin. Resolve it
/// with `context.service((any UserFiles).self)`.
///
/// In process the plugin has the user's authority, and the path is the file's own. In a sandboxed helper
/// (`"isolation": "process"`) the plugin can't open a file outside its folders, so strata asks the user on
/// its own prompt, drawn over the plugin's screen; the user's Enter is the grant (as a document picker's
/// choice is), and the plugin then reads a copy of that file's bytes in its data folder. Nothing is asked
/// from a command line: the files a user names there cross already.
///
/// An implementation must give the plugin a regular file the user may read, and never a file the user
/// didn't choose.
public protocol UserFiles: Sendable {
    /// A path the plugin may read that holds the bytes of the file at `path`.
    /// - Parameters:
    ///   - path: the path as the user typed it: absolute, relative to strata's working folder, or starting
    ///     with `~/` (the user's home folder).
    ///   - purpose: what the plugin wants the file for, in a few words the user reads ("a track to run").
    ///   - extensions: the file name extensions the plugin takes, without the dot (`["gpx"]`); empty takes any.
    /// - Throws: ``UserFileError``, whose description says what happened and what to do.
    func readable(_ path: String, purpose: String, extensions: [String]) async throws(UserFileError) -> String

    /// The paths `typed` could complete to, for a Tab the user pressed in a path field of the plugin's screen,
    /// as a shell completes a file name (``FileNameCompletion``): folders, and the files of `extensions`.
    ///
    /// In process the plugin lists the folder itself. In a sandboxed helper, which can't, strata lists it:
    /// only while the key strata handed the screen is that Tab, once per Tab; another call gets no names.
    /// It waits for strata a few seconds at most, and answers no names then. The default answers none.
    /// - Parameters:
    ///   - typed: the path as the user typed it so far (as ``readable(_:purpose:extensions:)`` takes it).
    ///   - extensions: the file name extensions the plugin takes, without the dot; empty takes any.
    func completions(of typed: String, extensions: [String]) -> [String]
}

extension UserFiles {
    /// No names: an implementation that can't list folders.
    public func completions(of typed: String, extensions: [String]) -> [String] { [] }
}

/// Why a file the user typed can't be read by the plugin.
public enum UserFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The user pressed Esc on strata's prompt.
    case denied(path: String)
    /// The file can't be opened or is not a regular file; `reason` says why and what to do.
    case unreadable(path: String, reason: String)
    /// The file is larger than the `maximumBytes` that may cross to a sandboxed helper.
    case tooLarge(path: String, maximumBytes: Int)
    /// There is no screen to ask the user on (the plugin asked while running a command).
    case noScreen(path: String)
    /// strata refused without asking the user; `reason` says why.
    case refused(path: String, reason: String)

    /// The path the error is about, as the user typed or strata resolved it.
    public var path: String {
        switch self {
        case .denied(let path), .unreadable(let path, _), .tooLarge(let path, _), .noScreen(let path), .refused(let path, _): path
        }
    }

    /// What happened, in words for the user, and what to do next (a path's bytes that aren't UTF-8 escaped,
    /// ``CommandLineWord/escaped(_:)``).
    public var description: String {
        let path = CommandLineWord.escaped(path)
        return switch self {
        case .denied:
            "you didn't allow strata to give the plugin \(path); ask again and press Enter on strata's question to allow it"
        case .unreadable(_, let reason):
            "can't read \(path): \(reason)"
        case .tooLarge(_, let maximumBytes):
            "can't read \(path): it is larger than the \(maximumBytes >> 20) MiB a file may be to cross to a sandboxed helper."
        case .noScreen:
            "can't ask you for \(path): strata asks only while the plugin's screen is in front. "
                + "Name the file on the command line instead (a command's file argument)"
        case .refused(_, let reason):
            "strata won't give the plugin \(path): \(reason)"
        }
    }
}
