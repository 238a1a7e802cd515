import Foundation
import RunningDomain
import StrataBase

/// Tracks read from GPX files on disk; the last ones the form used in a small JSON file.
public struct GPXTrackRepository: TrackRepository {
    private let parser = GPXParser()
    private let memoryFile: URL?
    private let sandboxFolder: URL?

    /// - Parameters:
    ///   - memoryFile: where the last tracks are kept; nil keeps none.
    ///   - sandboxFolder: the folder a sandboxed helper may read, when Running runs in one: a track it may
    ///     not read is then said to be outside it (``GPXError/outsideSandbox(file:folder:)``).
    public init(memoryFile: URL? = nil, sandboxFolder: URL? = nil) {
        self.memoryFile = memoryFile
        self.sandboxFolder = sandboxFolder
    }

    public func lastTracks() -> LastTracks {
        guard let memoryFile, let data = try? Data(contentsOf: memoryFile) else { return LastTracks() }
        return (try? JSONDecoder().decode(LastTracks.self, from: data)) ?? LastTracks()
    }

    public func rememberTracks(_ tracks: LastTracks) {
        guard let memoryFile, let data = try? JSONEncoder().encode(tracks) else { return }
        try? FileManager.default.createDirectory(at: memoryFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: memoryFile, options: .atomic)
    }

    public func paths(completing typed: String) -> [String] {
        FileNameCompletion.candidates(
            completing: typed, extensions: ["gpx"], workingDirectory: FileManager.default.currentDirectoryPath, home: NSHomeDirectory())
    }

    public func track(at url: URL) async throws -> RunTrack {
        try explained { try parser.parse(contentsOf: url).runTrack(fileName: Self.shownName(of: url)) }
    }

    /// The file's name as the results, the history and `--json` show it: a byte that isn't UTF-8 written
    /// `\xFF` (``CommandLineWord/escaped(_:)``), as a helper's copy of the file is named. In process the name
    /// held the private-use scalar that stands for the byte, so one command printed two names for one file.
    static func shownName(of url: URL) -> String {
        CommandLineWord.escaped(url.lastPathComponent)
    }

    /// `read()`, with a file the sandbox keeps out said to be so.
    private func explained<Value: ~Copyable>(_ read: () throws -> Value) throws -> Value {
        do {
            return try read()
        } catch GPXError.unreadable(let file, let reason) where reason == GPXError.permissionDenied && sandboxFolder != nil {
            throw GPXError.outsideSandbox(file: file, folder: sandboxFolder?.path ?? "")
        }
    }

    /// Streams the file through `TrackStatistics.Builder`, as `GPXDocument.runTrack` would read it: the
    /// track segments, or the routes if there are no track points; distances are summed within segments.
    public func statistics(at url: URL) async throws -> TrackStatistics {
        let fileName = Self.shownName(of: url)
        var scanner = try explained { try GPXScanner(path: url.path, file: fileName) }
        var tracks = TrackStatistics.Builder(fileName: fileName), routes = TrackStatistics.Builder(fileName: fileName)
        var trackSampler = TrackSampler(), routeSampler = TrackSampler()
        var waypoints = 0, trackCount = 0
        while let event = try scanner.next() {
            switch event {
            case .root: break
            case .trackStart:
                trackCount += 1
                tracks.startTrack()
            case .segmentStart:
                tracks.startSegment()
                trackSampler.startSegment()
            case .routeStart:
                routes.startTrack()
                routes.startSegment()
                routeSampler.startSegment()
            case .trackName(let name): if tracks.name == nil { tracks.name = name }
            case .routeName(let name): if routes.name == nil { routes.name = name }
            case .trackPoint(let point): tracks.add(trackSampler.sample(point))
            case .routePoint(let point): routes.add(routeSampler.sample(point))
            case .waypoint: waypoints += 1
            }
        }
        if tracks.pointCount > 0 { return tracks.statistics }
        if routes.pointCount > 0 { return routes.statistics }
        if trackCount > 0 { throw GPXError.emptyTracks(file: fileName, tracks: trackCount) }
        throw GPXError.nothingToRun(file: fileName, waypoints: waypoints)
    }
}
