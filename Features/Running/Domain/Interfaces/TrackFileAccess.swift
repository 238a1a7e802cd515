import Foundation

/// Gives Running a file it may read for a track path the person typed in the setup form: where Running can't
/// open files outside its own folder (a sandboxed helper), strata asks the person, and Running reads what
/// they allowed.
public protocol TrackFileAccess: Sendable {
    /// The file to read for `path`, as typed (`~/` and relative paths included).
    /// - Throws: ``TrackAccessProblem`` when the person or strata said no.
    func readable(typed path: String) async throws -> URL

    /// The paths a track path typed so far could complete to, for a Tab the person pressed (folders and GPX
    /// files, as ``TrackRepository/paths(completing:)`` lists them where Running can list the folder).
    func paths(completing typed: String) -> [String]
}

/// Why a typed track can't be read, as data (Presentation's `RunningErrorText` words it).
public enum TrackAccessProblem: Error, Equatable {
    /// The person said no on strata's question.
    case denied(file: String, folder: String)
    /// strata refused, in its own words.
    case refused(reason: String)
}
