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
}
