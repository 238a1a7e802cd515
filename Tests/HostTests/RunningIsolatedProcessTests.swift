import Foundation
import StrataBase
import StrataTesting
import Testing

/// `strata running` with Running in a sandboxed helper (`"isolation": "process"`): the GPX files the user
/// names on the command line live outside its folder, and cross as descriptors strata opened, so it prints
/// what it prints in process; what strata can't open, or a folder the helper can't reach, is refused in a
/// sentence before the helper runs anything.
@Suite struct RunningIsolatedProcessTests {
    static let gpx = RunningProcessTests.gpx

    func sandbox(_ isolation: Isolation) throws -> Sandbox { try .feature("running", isolation) }

    @Test(.timeLimit(.minutes(10)))
    func tracksOutsideItsFolderPrintWhatTheyPrintInProcess() throws {
        let (isolated, inProcess) = (try sandbox(.process), try sandbox(.none))
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
        let sandbox = try sandbox(.process)
        let missing = sandbox.root.appendingPathComponent("nope.gpx").path
        let refused = try sandbox.strata(["running", "track", missing])
        #expect(refused.status == 1)
        #expect(refused.stderr == "strata: running track: can't read \(missing): no such file or directory. Check the path.\n", "\(refused.stderr)")
        let folder = try sandbox.strata(["running", "run", "--track", Self.gpx, "--speed", "0"])
        #expect(folder.status == 1)
        #expect(folder.stderr == "strata: running run: can't read \(Self.gpx): it is a folder. Name a file.\n", "\(folder.stderr)")
    }

    /// #50 item 3: a file whose name isn't UTF-8 (`run\xFF.gpx`) opens by its bytes for `track` and `import`,
    /// in process and in a sandboxed helper (it was "no such file": the name reached strata with U+FFFD for the
    /// byte), and a missing one is named with the byte escaped.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aFileWhoseNameIsNotUTF8OpensByItsBytes(_ isolation: Isolation) throws {
        let sandbox = try sandbox(isolation)
        let folder = Array(sandbox.root.path.utf8) + Array("/".utf8)
        let name = folder + Array("run".utf8) + [0xFF] + Array(".gpx".utf8)
        let track = try Data(contentsOf: URL(fileURLWithPath: "\(Self.gpx)/togeojson_run.gpx"))
        let descriptor = (name.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        try #require(descriptor >= 0)
        #expect(track.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == track.count)
        close(descriptor)
        let word = CommandLineWord.string(name)

        let shown = try sandbox.strata(["running", "track", word])
        let expected = try sandbox.strata(["running", "track", "\(Self.gpx)/togeojson_run.gpx"])
        #expect(shown.status == 0 && shown.stdout == expected.stdout && !shown.stdout.isEmpty, "\(isolation): \(shown.stderr)")
        let imported = try sandbox.strata(["running", "import", word, "--pace", "5:00"])
        #expect(imported.status == 0 && imported.stdout.hasPrefix("Imported the run of 2012-10-24 23:29: 3.09 km"), "\(isolation): \(imported.stderr)")

        let missing = try sandbox.strata(["running", "track", CommandLineWord.string(folder + Array("nope".utf8) + [0xFE] + Array(".gpx".utf8))])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("\(sandbox.root.path)/nope\\xFE.gpx: no such file"), "\(isolation): \(missing.stderr)")
    }

    /// A folder isn't carried: one outside the helper's reach is refused with what to do instead.
    @Test(.timeLimit(.minutes(10)))
    func aFolderOutsideItsReachIsRefusedWithWhatToDo() throws {
        let sandbox = try sandbox(.process)
        let elsewhere = sandbox.root.appendingPathComponent("sessions").path
        let refused = try sandbox.strata(["running", "host", "--track", "\(Self.gpx)/togeojson_run.gpx", "--session-dir", elsewhere])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("strata: running host: --session-dir \(elsewhere) is a folder outside what the plugin's sandboxed helper may reach"),
                "\(refused.stderr)")
        #expect(refused.stderr.contains("use a path inside \(sandbox.data.appendingPathComponent("running").path)")
                && refused.stderr.contains(#"set "isolation": "none" under features.running"#), "\(refused.stderr)")
    }

    /// The same folder as the `sessionDirectory` setting is refused by Running in its helper with what to do
    /// (#46: it said the folder "can't be used (Permission denied), so another user could block or redirect
    /// the session", and to remove it).
    @Test(.timeLimit(.minutes(10)))
    func aSessionDirectoryOutsideItsReachIsRefusedWithWhatToDo() throws {
        let sandbox = try Sandbox()
        let elsewhere = sandbox.root.appendingPathComponent("sessions").path
        try sandbox.writeConfig(Isolation.process.config("running", settings: #"{"sessionDirectory": "\#(elsewhere)"}"#))
        let refused = try sandbox.strata(["running", "host", "--goal", "0.08", "--track", "\(Self.gpx)/togeojson_run.gpx", "--session", "REACH01"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "running: sessionDirectory \(elsewhere) is a folder outside what Running's sandboxed helper may reach, so it "
                + #"can't use it: set it to a folder inside \#(sandbox.data.appendingPathComponent("running").path), or set "isolation": "none" "#
                + "under features.running\n", "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: elsewhere))
    }
}
