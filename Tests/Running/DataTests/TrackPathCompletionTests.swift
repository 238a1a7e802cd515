import Foundation
import RunningData
import RunningDomain
import Testing

/// What the setup form's Tab offers: folders and GPX files whose path starts with what is typed, hidden
/// ones only when a "." is typed, the typed folder kept as typed.
struct TrackPathCompletionTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("track-paths-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("runs"), withIntermediateDirectories: true)
        for name in ["run.gpx", "RACE.GPX", "notes.txt", ".hidden.gpx"] {
            try Data("<gpx/>".utf8).write(to: folder.appendingPathComponent(name))
        }
    }

    @Test func offersFoldersAndGPXFilesStartingWithWhatIsTyped() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = GPXTrackRepository()
        let typed = folder.path + "/"
        #expect(repository.paths(completing: typed) == [typed + "RACE.GPX", typed + "run.gpx", typed + "runs/"])
        #expect(repository.paths(completing: typed + "ru") == [typed + "run.gpx", typed + "runs/"])
        #expect(repository.paths(completing: typed + ".") == [typed + ".hidden.gpx"])
        #expect(repository.paths(completing: typed + "nothing").isEmpty)
        #expect(repository.paths(completing: folder.path + "-missing/").isEmpty)
    }

    @Test func theLastTracksAreKeptInTheirFileForTheNextStrata() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("state/last-tracks.json")
        #expect(GPXTrackRepository(memoryFile: file).lastTracks() == LastTracks())
        GPXTrackRepository(memoryFile: file).rememberTracks(LastTracks(mine: "/runs/a.gpx", mate: "/runs/b.gpx"))
        #expect(GPXTrackRepository(memoryFile: file).lastTracks() == LastTracks(mine: "/runs/a.gpx", mate: "/runs/b.gpx"))
        try Data("{not json".utf8).write(to: file)
        #expect(GPXTrackRepository(memoryFile: file).lastTracks() == LastTracks(), "a broken file means an empty form")
        GPXTrackRepository().rememberTracks(LastTracks(mine: "/x.gpx"))  // keeps nothing, throws nothing
    }
}
