import Foundation

/// Reads tracks from files.
public protocol TrackRepository: Sendable {
    /// The track in the file at `url`; throws an error that names the file (and the line, for a broken file).
    func track(at url: URL) async throws -> RunTrack
}
