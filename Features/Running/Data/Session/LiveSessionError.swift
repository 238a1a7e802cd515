import StrataBase
import Foundation

/// Why two runners could not meet, with what to do about it.
public enum LiveSessionError: Error, Equatable, CustomStringConvertible {
    case alreadyExists(id: String, path: String)
    case notFound(id: String, directory: String)
    case inviteTimedOut(id: String, seconds: Double)
    case expired(id: String)
    case alreadyTaken(id: String)
    case hostDidNotStart(id: String, seconds: Double)
    case damaged(id: String, path: String)
    case refused(endpoint: String, reason: String)

    public var description: String {
        switch self {
        case .alreadyExists(let id, let path):
            "session \(id) already exists (\(path)); choose another id or leave out --session for a new one"
        case .notFound(let id, let directory):
            "no session \(id) in \(directory); check the id, and that host and join use the same sessionDirectory"
        case .inviteTimedOut(let id, let seconds):
            "no mate joined session \(id) within \(secondsText(seconds)); the invitation is cancelled. Start the mate sooner or raise inviteTimeoutSeconds"
        case .expired(let id):
            "session \(id) was closed by its host (nobody joined in time, or the host stopped waiting); ask for a new session id"
        case .alreadyTaken(let id):
            "session \(id) already has a mate; ask the host for a new session"
        case .hostDidNotStart(let id, let seconds):
            "the host of session \(id) did not start the run within \(secondsText(seconds)); is it still running?"
        case .refused(let endpoint, let reason):
            "the host at \(endpoint) refused to let you join: \(reason)"
        case .damaged(let id, let path):
            "session \(id) (\(path)) is not a running session file; remove it and host again"
        }
    }

}
