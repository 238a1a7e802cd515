import Foundation
import Glibc
import Testing

/// Each plugin folder has a compact catalog in the state folder: a run whose libraries haven't changed
/// lists and routes from it, parsing no descriptor; a change to a library, a damaged catalog, or one that
/// someone else could have written sends strata back to the libraries, and the catalog is built again.
@Suite struct CatalogProcessTests {
    /// A sandbox with Healthy installed, listed twice so that its catalog holds it (the first run may find
    /// the copy too new to trust its times: changed within the clock's tick).
    static func cataloged() throws -> (sandbox: Sandbox, library: URL, catalog: URL) {
        let sandbox = try Sandbox()
        let library = try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        _ = try rows(sandbox)
        _ = try rows(sandbox)
        let folder = sandbox.state.appendingPathComponent("strata/descriptors")
        let catalog = try #require(try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).first)
        return (sandbox, library, catalog)
    }

    static func rows(_ sandbox: Sandbox) throws -> [String: PluginRow] {
        let listed = try sandbox.strata(["plugins", "list", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        return try decodeRows(listed.stdout)
    }

    /// The catalog with Healthy's version (`5:0.0.1` in its facts) changed to 0.0.7: what a run lists
    /// from it shows the change, what it lists from the library doesn't.
    static func tamper(_ catalog: URL) throws {
        var bytes = try Data(contentsOf: catalog)
        let range = try #require(bytes.range(of: Data("5:0.0.1".utf8)), "no version in the catalog")
        bytes.replaceSubrange(range, with: Data("5:0.0.7".utf8))
        try bytes.write(to: catalog)
        chmod(catalog.path, 0o600)
    }

    @Test(.timeLimit(.minutes(10)))
    func anUnchangedFolderIsListedFromItsCatalogAndEveryChangeRebuildsIt() throws {
        let (sandbox, library, catalog) = try Self.cataloged()
        #expect(try Data(contentsOf: catalog).starts(with: Data("strata plugin catalog 3, strata ".utf8)))
        try Self.tamper(catalog)
        #expect(try Self.rows(sandbox)["healthy"]?.version == "0.0.7", "an unchanged library is listed from the catalog")

        // Replaced: writing the library again, even the same bytes, changes its change time.
        try Data(contentsOf: library).write(to: library)
        #expect(try Self.rows(sandbox)["healthy"]?.version == "0.0.1")
        #expect(try Data(contentsOf: catalog).range(of: Data("5:0.0.7".utf8)) == nil, "the catalog was built again")

        // Added, then removed: the catalog follows the folder.
        let added = try sandbox.install(fixture: "Healthy", as: "Healthier")
        _ = try Self.rows(sandbox)
        #expect(try Self.rows(sandbox)["healthier"]?.error?.contains("its descriptor's id is 'healthy'") == true)
        #expect(try Data(contentsOf: catalog).range(of: Data("libHealthierPlugin.so ".utf8)) != nil)
        try FileManager.default.removeItem(at: added)
        #expect(try Self.rows(sandbox)["healthier"] == nil)
        #expect(try Data(contentsOf: catalog).range(of: Data("libHealthierPlugin.so ".utf8)) == nil)
        #expect(try Self.rows(sandbox)["healthy"]?.state == "enabled")
    }

    /// The library rewritten in place with another version, then given back its old times with `futimens`
    /// (size, inode and modification time as the catalog recorded them): its change time, which no user call
    /// sets, still tells the catalog that it changed.
    @Test(.timeLimit(.minutes(10)))
    func aLibraryChangedWithItsOldTimesPutBackIsReadAgain() throws {
        let (sandbox, library, catalog) = try Self.cataloged()
        try Self.tamper(catalog)
        var bytes = try Data(contentsOf: library)
        try DescriptorProcessTests.replaceInDescriptor(&bytes, #""0.0.1""#, #""0.0.2""#)
        let before = try Self.status(library.path)
        let file = open(library.path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        try #require(file >= 0)
        #expect(bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) } == bytes.count)
        let times = [before.st_atim, before.st_mtim]
        #expect(futimens(file, times) == 0)
        close(file)
        let after = try Self.status(library.path)
        #expect(after.st_ino == before.st_ino && after.st_size == before.st_size && Self.nanoseconds(after.st_mtim) == Self.nanoseconds(before.st_mtim))
        #expect(try Self.rows(sandbox)["healthy"]?.version == "0.0.2", "the changed library is read, not its record")
    }

    /// A library whose modification time is the catalog's own write time (the same clock tick), or in the
    /// future, is recorded like any other: once its change time is older than the clock, one run rebuilds
    /// the catalog and the runs after it list from that catalog without writing it again. (Only the change
    /// time decides whether a file is too new to record: `CatalogFileTests`.)
    @Test(.timeLimit(.minutes(10)))
    func aLibraryWithTheCatalogsOwnTimeOrAFutureOneIsRecordedOnce() throws {
        let (sandbox, library, catalog) = try Self.cataloged()
        let future = try sandbox.install(fixture: "Healthy", as: "Future")
        for (path, time) in [(library.path, try Self.status(catalog.path).st_mtim), (future.path, timespec(tv_sec: 4_102_444_800, tv_nsec: 7))] {
            let file = open(path, O_RDONLY | O_CLOEXEC)
            #expect(futimens(file, [time, time]) == 0)
            close(file)
        }
        // Until the coarse clock (the one file times come from) has passed both change times.
        let changed = try [library.path, future.path].map { Self.nanoseconds(try Self.status($0).st_ctim) }.max()!
        var now = timespec()
        while clock_gettime(CLOCK_REALTIME_COARSE, &now) == 0, Self.nanoseconds(now) <= changed { usleep(1000) }
        #expect(try Self.rows(sandbox)["future"] != nil)
        let built = try Self.status(catalog.path)
        #expect(try Data(contentsOf: catalog).range(of: Data("libFuturePlugin.so ".utf8)) != nil)
        for run in 1...3 {
            #expect(try Self.rows(sandbox)["healthy"]?.state == "enabled")
            let now = try Self.status(catalog.path)
            #expect(now.st_ino == built.st_ino && Self.nanoseconds(now.st_mtim) == Self.nanoseconds(built.st_mtim), "run \(run) wrote the catalog again")
        }
    }

    /// A file time as one comparable number (nanoseconds since 1970).
    static func nanoseconds(_ time: timespec) -> Int { time.tv_sec * 1_000_000_000 + time.tv_nsec }

    static func status(_ path: String) throws -> stat {
        var status = stat()
        try #require(stat(path, &status) == 0, "\(path): \(String(cString: strerror(errno)))")
        return status
    }

    /// Truncated, garbage, and lengths no catalog has: each is ignored whole (nothing traps, nothing is
    /// believed), the plugin is read from its library, and the catalog is written anew. (Every truncation
    /// and hostile number inside the records: `CatalogFileTests`.)
    @Test(.timeLimit(.minutes(10)))
    func aDamagedCatalogIsIgnoredAndBuiltAgain() throws {
        let (sandbox, _, catalog) = try Self.cataloged()
        let good = try Data(contentsOf: catalog)
        let text = String(decoding: good, as: UTF8.self)
        let recordLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("libHealthyPlugin.so ") })
        let recordStart = try #require(good.range(of: Data(recordLine.utf8))).lowerBound
        let fields = recordLine.split(separator: " ")
        func withLength(_ length: String) -> Data {
            Data(text.replacingOccurrences(of: recordLine, with: (fields.dropLast() + [Substring(length)]).joined(separator: " ")).utf8)
        }
        let damaged: [(String, Data)] = [
            ("truncated in the header", good.prefix(10)),
            ("truncated in the record line", good.prefix(recordStart + 30)),
            ("truncated in the facts", good.prefix(good.count - 5)),
            ("garbage", Data([0xFF, 0x00, 0x0A, 0x41])),
            ("a length past the end", withLength("999999")),
            ("a negative length", withLength("-5")),
            ("a length beyond Int64", withLength("99999999999999999999")),
            ("a string past the end", Data(text.replacingOccurrences(of: "5:0.0.1", with: "9999999:0").utf8)),
        ]
        for (what, bytes) in damaged {
            try bytes.write(to: catalog)
            chmod(catalog.path, 0o600)
            #expect(try Self.rows(sandbox)["healthy"]?.version == "0.0.1", "\(what)")
            #expect(try Data(contentsOf: catalog) == good, "\(what): written anew")
        }
    }

    /// A catalog someone else could have written is not believed: one writable by others, one owned by
    /// another user, one in a folder others can write.
    @Test(.timeLimit(.minutes(10)))
    func aCatalogAnotherUserCouldHaveWrittenIsNotBelieved() throws {
        let (sandbox, _, catalog) = try Self.cataloged()
        let folder = catalog.deletingLastPathComponent()
        let undo = { chmod(catalog.path, 0o600); chown(catalog.path, geteuid(), getegid()); chmod(folder.path, 0o700) }
        let exposures: [(String, () -> Int32)] = [
            ("a catalog others can write", { chmod(catalog.path, 0o666) }),
            ("a catalog of another user", { geteuid() == 0 ? chown(catalog.path, 4242, 4242) : chmod(catalog.path, 0o606) }),
            ("a catalog folder others can write", { chmod(folder.path, 0o777) }),
        ]
        for (what, expose) in exposures {
            _ = undo()
            try Self.tamper(catalog)
            #expect(try Self.rows(sandbox)["healthy"]?.version == "0.0.7", "\(what): believed while private")
            #expect(expose() == 0)
            #expect(try Self.rows(sandbox)["healthy"]?.version == "0.0.1", "\(what): not believed")
        }
    }

    /// Strata runs at once on a fresh state each build and save the catalog: every run lists every plugin,
    /// and what is left is one whole catalog that the next run lists from.
    @Test(.timeLimit(.minutes(10)))
    func strataRunningAtOnceLeaveOneWholeCatalog() throws {
        let sandbox = try Sandbox()
        for index in 1...8 { try sandbox.install(fixture: "Healthy", as: "Healthy\(index)") }
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        for _ in 0..<3 {
            try? FileManager.default.removeItem(at: sandbox.state)
            let results = try (0..<4).map { _ in
                try launch(BuildProducts.strata, ["--config", sandbox.config.path, "--data-dir", sandbox.data.path, "plugins", "list", "--json"],
                           environment: ["XDG_STATE_HOME": sandbox.state.path])
            }.map { try $0.wait() }
            for result in results {
                #expect(result.status == 0 && (try? decodeRows(result.stdout))?.count == 9, "\(result.stderr)")
            }
            let folder = sandbox.state.appendingPathComponent("strata/descriptors")
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(left.count == 1, "only the catalog, no temporary file: \(left)")
        }
        let catalog = try #require(try FileManager.default.contentsOfDirectory(at: sandbox.state.appendingPathComponent("strata/descriptors"),
                                                                                includingPropertiesForKeys: nil).first)
        _ = try Self.rows(sandbox)
        try Self.tamper(catalog)
        #expect(try Self.rows(sandbox)["healthy"]?.version == "0.0.7", "the catalog left is whole and believed")
    }

    /// Words are checked when the catalog is built: two plugins of one folder claiming one word stay in
    /// conflict when the next run lists them from the catalog.
    @Test(.timeLimit(.minutes(10)))
    func aWordConflictInOneFolderIsRememberedByItsCatalog() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "ClaimsClock", as: "Clockthief")
        try DescriptorProcessTests.installPatched(sandbox, fixture: "ClaimsClock", as: "Clockswipe") { bytes in
            try DescriptorProcessTests.replaceInDescriptor(&bytes, #""id":"clockthief""#, #""id":"clockswipe""#)
        }
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        for run in 1...3 {
            let rows = try Self.rows(sandbox)
            for id in ["clockthief", "clockswipe"] {
                #expect(rows[id]?.state == "failed" && rows[id]?.error?.contains("claim the same words") == true, "run \(run), \(id)")
            }
        }
    }
}
