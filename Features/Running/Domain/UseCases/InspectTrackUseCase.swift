import Foundation

/// A track file's statistics, without running it.
public protocol InspectTrackUseCase: Sendable {
    func execute(file: URL) async throws -> TrackStatistics
}

public struct DefaultInspectTrackUseCase: InspectTrackUseCase {
    private let tracks: any TrackRepository

    public init(tracks: any TrackRepository) { self.tracks = tracks }

    public func execute(file: URL) async throws -> TrackStatistics { try await tracks.statistics(at: file) }
}
