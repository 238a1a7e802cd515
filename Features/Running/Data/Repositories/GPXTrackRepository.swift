import Foundation
import RunningDomain

/// Tracks read from GPX files on disk.
public struct GPXTrackRepository: TrackRepository {
    private let parser = GPXParser()

    public init() {}

    public func track(at url: URL) async throws -> RunTrack {
        try parser.parse(contentsOf: url).runTrack(fileName: url.lastPathComponent)
    }
}
