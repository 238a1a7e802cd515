import Foundation

/// Reads GPX 1.0 and 1.1 files into a `GPXDocument`: the track, route and waypoint positions with their
/// elevations and times, streamed through `GPXScanner` (the file is never held whole, only the points).
public struct GPXParser: Sendable {
    public init() {}

    /// Parses the file at `url`.
    /// - Throws: `GPXError` naming the file, with the line number for a broken file.
    public func parse(contentsOf url: URL) throws(GPXError) -> GPXDocument {
        var scanner = try GPXScanner(path: url.path, file: url.lastPathComponent)
        return try document(from: &scanner)
    }

    /// Parses GPX held in memory; `file` names it in errors.
    public func parse(data: Data, file: String) throws(GPXError) -> GPXDocument {
        var scanner = GPXScanner(bytes: [UInt8](data), file: file)
        return try document(from: &scanner)
    }

    private func document(from scanner: inout GPXScanner) throws(GPXError) -> GPXDocument {
        var document = GPXDocument()
        while let event = try scanner.next() {
            switch event {
            case .root(let version, let creator):
                document.version = version
                document.creator = creator
            case .trackStart: document.tracks.append(GPXTrack())
            case .segmentStart: document.tracks[document.tracks.count - 1].segments.append([])
            case .routeStart: document.routes.append(GPXRoute())
            case .trackName(let name): document.tracks[document.tracks.count - 1].name = name
            case .routeName(let name): document.routes[document.routes.count - 1].name = name
            case .trackPoint(let point):
                let track = document.tracks.count - 1
                document.tracks[track].segments[document.tracks[track].segments.count - 1].append(point)
            case .routePoint(let point): document.routes[document.routes.count - 1].points.append(point)
            case .waypoint(let point): document.waypoints.append(point)
            }
        }
        return document
    }
}
