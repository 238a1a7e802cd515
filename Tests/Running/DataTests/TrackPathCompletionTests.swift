import Foundation
import Glibc
import StrataBase
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

    /// The names come from the person's folder, which strata lists for a sandboxed helper too: one that holds a
    /// terminal's escape or isn't UTF-8 is not offered (it would be drawn in the form, and typed back), and a
    /// folder of many matches gives at most `FileNameCompletion.maximumNames`.
    @Test func namesWithControlCharactersOrNotUTF8AreNotOfferedAndTheListIsBounded() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("rogue\u{1B}]0;title\u{07}.gpx"))
        let notUTF8 = Array((folder.path + "/rogue-").utf8) + [0xFF] + Array(".gpx".utf8) + [0]
        let descriptor = notUTF8.withUnsafeBytes { open($0.assumingMemoryBound(to: CChar.self).baseAddress!, O_CREAT | O_WRONLY, 0o600) }
        #expect(descriptor >= 0)
        close(descriptor)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("rogue") }.count == 2, "both made")
        let repository = GPXTrackRepository()
        #expect(repository.paths(completing: folder.path + "/rogue").isEmpty)
        for index in 0..<(FileNameCompletion.maximumNames + 5) {
            try Data().write(to: folder.appendingPathComponent("many-\(index).gpx"))
        }
        #expect(repository.paths(completing: folder.path + "/many-").count == FileNameCompletion.maximumNames)
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
