import Foundation
import StrataTesting
import Testing

/// `strata running` with Running in a sandboxed helper (`"isolation": "process"`): the GPX files the user
/// names on the command line live outside its folder, and cross as descriptors strata opened, so it prints
/// what it prints in process; what strata can't open, or a folder the helper can't reach, is refused in a
/// sentence before the helper runs anything.
@Suite struct RunningIsolatedProcessTests {
    static let gpx = RunningProcessTests.gpx

    func sandbox(isolation: String) throws -> Sandbox { try .running("running", isolation: isolation) }

    @Test(.timeLimit(.minutes(10)))
    func tracksOutsideItsFolderPrintWhatTheyPrintInProcess() throws {
        let (isolated, inProcess) = (try sandbox(isolation: "process"), try sandbox(isolation: "none"))
        let (lake, run) = ("\(Self.gpx)/gpxpy_cerknicko-jezero.gpx", "\(Self.gpx)/togeojson_run.gpx")
        let lines = [
            ["running", "track", lake], ["running", "track", run, "--json"], ["running", "track", "--", lake],
            ["running", "import", run, "--json"], ["running", "import", "\(Self.gpx)/gpxpy_cerknicko-without-times.gpx", "--pace", "6:00"],
            ["running", "run", "--goal", "0.5", "--track=\(run)", "--speed", "0", "--json"],
            ["running", "run", "--goal", "0.3", "--track", run, "--mode", "race", "--mate-track", lake, "--speed", "0"],
        ]
        for words in lines {
            let (helper, strata) = (try isolated.strata(words), try inProcess.strata(words))
            #expect(helper.status == 0 && strata.status == 0, "\(words): \(helper.stderr)")
            #expect(helper.stdout == strata.stdout && !helper.stdout.isEmpty, "\(words): \(helper.stdout) vs \(strata.stdout)")
        }
        let copies = isolated.data.appendingPathComponent("running/.strata-files")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: copies.path)) ?? []).isEmpty, "the copies go with their command")
    }

    /// What strata can't open as a file is refused by strata, naming the path and why, as in process.
    @Test(.timeLimit(.minutes(10)))
    func aFileStrataCantReadIsRefusedInASentence() throws {
        let sandbox = try sandbox(isolation: "process")
        let missing = sandbox.root.appendingPathComponent("nope.gpx").path
        let refused = try sandbox.strata(["running", "track", missing])
        #expect(refused.status == 1)
        #expect(refused.stderr == "strata: running track: can't read \(missing): no such file or directory. Check the path.\n", "\(refused.stderr)")
        let folder = try sandbox.strata(["running", "run", "--track", Self.gpx, "--speed", "0"])
        #expect(folder.status == 1)
        #expect(folder.stderr == "strata: running run: can't read \(Self.gpx): it is a folder. Name a file.\n", "\(folder.stderr)")
    }

    /// A folder isn't carried: one outside the helper's reach is refused with what to do instead.
    @Test(.timeLimit(.minutes(10)))
    func aFolderOutsideItsReachIsRefusedWithWhatToDo() throws {
        let sandbox = try sandbox(isolation: "process")
        let elsewhere = sandbox.root.appendingPathComponent("sessions").path
        let refused = try sandbox.strata(["running", "host", "--track", "\(Self.gpx)/togeojson_run.gpx", "--session-dir", elsewhere])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("strata: running host: --session-dir \(elsewhere) is a folder outside what the plugin's sandboxed helper may reach"),
                "\(refused.stderr)")
        #expect(refused.stderr.contains("use a path inside \(sandbox.data.appendingPathComponent("running").path)")
                && refused.stderr.contains(#"set "isolation": "none" under features.running"#), "\(refused.stderr)")
    }
}
