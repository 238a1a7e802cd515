import Foundation

/// Why two runners could not meet, as data (Presentation's `RunningErrorText` words it).
public enum LiveSessionError: Error, Equatable {
    case alreadyExists(id: String, path: String)
    case notFound(id: String, directory: String)
    case inviteTimedOut(id: String, seconds: Double)
    case expired(id: String)
    case alreadyTaken(id: String)
    case hostDidNotStart(id: String, seconds: Double)
    case damaged(id: String, path: String)
    case refused(endpoint: String, reason: String)
    /// The mate said it was where no runner can be (`MateClaim`): the run ended with no winner, unsaved.
    case impossiblePosition(km: Double, seconds: Int)
    /// The folder of same-machine sessions is not this user's own, so another user could block or redirect
    /// the session.
    case folderNotPrivate(path: String, reason: FolderReason)
    /// The `sessionDirectory` set is outside `dataFolder`, the only folder Running may use in a sandboxed helper.
    case folderOutOfReach(path: String, dataFolder: String)

    public enum FolderReason: Equatable, Sendable {
        case notAFolder
        case ownedByAnotherUser
        case writableByOthers
        /// The system refused to create or open it (its `strerror`).
        case unusable(String)
    }
}
