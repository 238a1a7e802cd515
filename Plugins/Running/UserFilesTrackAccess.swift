import Foundation
import RunningDomain
import StrataPluginKit

/// The host's ``UserFiles`` as Running's track access: a track outside Running's data folder is asked for
/// (strata asks the person, in a sandboxed helper), one inside it is read where it is.
struct UserFilesTrackAccess: TrackFileAccess {
    let userFiles: @Sendable () throws -> any UserFiles
    let dataDirectory: URL

    func readable(typed path: String) async throws -> URL {
        let local = URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
        let folder = dataDirectory.standardizedFileURL.path
        if local.path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") { return local }
        do {
            return URL(fileURLWithPath: try await userFiles().readable(path, purpose: "a track to run", extensions: ["gpx"]))
        } catch let error as UserFileError {
            if case .denied(let file) = error { throw TrackAccessProblem.denied(file: file, folder: folder) }
            throw TrackAccessProblem.refused(reason: error.description)
        }
    }

    /// strata lists the folder typed, which the helper may not (``UserFiles/completions(of:extensions:)``).
    func paths(completing typed: String) -> [String] {
        (try? userFiles())?.completions(of: typed, extensions: ["gpx"]) ?? []
    }
}
