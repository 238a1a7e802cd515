import Foundation
import Testing
@testable import StrataHost

/// An installed plugin finds strata's libraries through `$ORIGIN/..` (its RPATH, written by Scripts/stage).
/// The host loads it through a link in a private folder it makes in the temporary folder: `$ORIGIN/..` must
/// be that private folder, never the temporary folder itself, where anyone may put a library.
@Suite struct PluginOriginTests {
    @Test func aPluginsOriginParentIsThePrivateFolderNotTheTemporaryOne() throws {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("strata-origin-\(UUID().uuidString)")
        let plugins = temporary.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let path = plugins.appendingPathComponent("libHealthyPlugin.so").path
        try FileManager.default.copyItem(atPath: products.appendingPathComponent("libStrataFixtureHealthy.so").path, toPath: path)
        // The plugin needs a library nothing has loaded, and someone planted one by that name where
        // `$ORIGIN/..` of a link made directly in the temporary folder would lead.
        let patchelf = Process()
        patchelf.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        patchelf.arguments = ["patchelf", "--force-rpath", "--set-rpath", "$ORIGIN/..", "--add-needed", "libStrataPlanted.so", path]
        try patchelf.run()
        patchelf.waitUntilExit()
        #expect(patchelf.terminationStatus == 0, "patchelf (Scripts/test installs it) rewrote the copy")
        try FileManager.default.copyItem(
            atPath: products.appendingPathComponent("libStrataFixtureNoEntry.so").path,
            toPath: temporary.appendingPathComponent("libStrataPlanted.so").path)

        var status = stat()
        #expect(stat(path, &status) == 0)
        let file = try PluginFile(path: path, judged: FileIdentity(status))
        #expect(throws: PluginFailure.self, "the planted library is not found, so the load fails") {
            _ = try DynamicLibrary(file, temporaryFolder: temporary.path)
        }
        let maps = String(decoding: try #require(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile(), as: UTF8.self)
        #expect(!maps.contains("libStrataPlanted.so"))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: temporary.path)) == ["libStrataPlanted.so", "plugins"],
                "the folders made for loading are gone")
    }

    /// A load made two folders in `/tmp` and removed them (four changes to a folder of 15,000 entries, 0.1–2 ms)
    /// even for a plugin that needs nothing strata hasn't loaded. Such a plugin now loads through its
    /// descriptor alone: the temporary folder is not changed at all (its modification time stays).
    @Test func aPluginThatNeedsOnlyLoadedLibrariesLoadsWithoutAFolder() throws {
        let (temporary, path) = try copiedFixture("strata-no-folder")
        defer { try? FileManager.default.removeItem(at: temporary) }
        var past = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, temporary.path, &past, 0) == 0)
        let library = try DynamicLibrary(try openedForLoading(path), temporaryFolder: temporary.path)
        #expect(library.symbol("strata_plugin_entry") != nil)
        var status = stat()
        #expect(stat(temporary.path, &status) == 0)
        #expect(status.st_mtim.tv_sec == 1_000_000_000, "nothing was made in the temporary folder")
    }

    /// A plugin that needs a library strata hasn't loaded still finds it beside itself (its RPATH `$ORIGIN`),
    /// through the private folder, when the load through its descriptor alone can't.
    @Test func aLibraryBesideThePluginIsStillFound() throws {
        let (temporary, path) = try copiedFixture("strata-beside")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let patchelf = Process()
        patchelf.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        patchelf.arguments = ["patchelf", "--add-needed", "libStrataBesideIt.so", path]
        try patchelf.run()
        patchelf.waitUntilExit()
        #expect(patchelf.terminationStatus == 0, "patchelf (Scripts/test installs it) rewrote the copy")
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        try FileManager.default.copyItem(
            atPath: products.appendingPathComponent("libStrataFixtureNoEntry.so").path,
            toPath: temporary.appendingPathComponent("plugins/libStrataBesideIt.so").path)

        let library = try DynamicLibrary(try openedForLoading(path), temporaryFolder: temporary.path)
        #expect(library.symbol("strata_plugin_entry") != nil)
        let maps = String(decoding: try #require(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile(), as: UTF8.self)
        #expect(maps.contains("libStrataBesideIt.so"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == ["plugins"], "the folders made for loading are gone")
    }

    /// A library that can't load for another reason than a library it needs (here it is no library at all)
    /// fails at the first try, through its descriptor, and says so by its own path: it was tried again through
    /// the folders in `/tmp`, which only repeated the loader's message.
    @Test func aLibraryThatCantLoadIsNotTriedAgainThroughTheFolders() throws {
        let (temporary, path) = try copiedFixture("strata-not-elf")
        defer { try? FileManager.default.removeItem(at: temporary) }
        try Data("not a library\n".utf8).write(to: URL(fileURLWithPath: path))
        var past = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, temporary.path, &past, 0) == 0)

        let failure = #expect(throws: PluginFailure.self) { try DynamicLibrary(try openedForLoading(path), temporaryFolder: temporary.path) }

        let message = "\(try #require(failure))"
        #expect(message.contains(path), "named by its path: \(message)")
        #expect(!message.contains("/proc/self/fd"))
        var status = stat()
        #expect(stat(temporary.path, &status) == 0)
        #expect(status.st_mtim.tv_sec == 1_000_000_000, "nothing was made in the temporary folder")
    }

    /// A copy of the healthy fixture at `<temporary>/plugins/lib<name>Plugin.so`, in a new temporary folder.
    private func copiedFixture(_ name: String) throws -> (temporary: URL, path: String) {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        let plugins = temporary.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let path = plugins.appendingPathComponent("lib\(name.replacing("-", with: ""))Plugin.so").path
        try FileManager.default.copyItem(atPath: products.appendingPathComponent("libStrataFixtureHealthy.so").path, toPath: path)
        return (temporary, path)
    }

    private func openedForLoading(_ path: String) throws -> PluginFile {
        var status = stat()
        #expect(stat(path, &status) == 0)
        return try PluginFile(path: path, judged: FileIdentity(status))
    }
}
