import Foundation

/// Reads tracks from files.
public protocol TrackRepository: Sendable {
    /// The track in the file at `url`; throws an error that names the file (and the line, for a broken file).
    func track(at url: URL) async throws -> RunTrack

    /// The statistics of the track in the file at `url`, read in memory that doesn't grow with the file
    /// (the points are not kept); the same errors as `track(at:)`.
    func statistics(at url: URL) async throws -> TrackStatistics

    /// What a path being typed could become: the folders and GPX files whose path starts with `typed`
    /// (`~` is the home folder), a folder ending in `/`; none when its folder can't be read.
    func paths(completing typed: String) -> [String]

    /// The track files of the last run started from the form, kept from one `strata` to the next.
    func lastTracks() -> LastTracks

    /// Keeps `tracks` as the last ones; failing to keep them is not an error (the form starts empty).
    func rememberTracks(_ tracks: LastTracks)
}

/// My track's and the mate's track's paths, as absolute paths ("" when none).
public struct LastTracks: Codable, Equatable, Sendable {
    public var mine: String
    public var mate: String

    public init(mine: String = "", mate: String = "") {
        self.mine = mine
        self.mate = mate
    }
}
