import Foundation
import StrataBase
import StrataPluginKit
import Testing
@testable import StrataHost

/// `features.<id>.isolation`, `capabilities` and `limits` in the config.
@Suite struct IsolationSettingsTests {
    func config(_ feature: String) throws -> StrataConfig {
        try StrataConfig(document: try JSONValue.parse(Array(#"{"features":{"x":\#(feature)}}"#.utf8)).value, source: "test.json", path: nil)
    }

    /// Before, every plugin ran in process unless the config said otherwise: the drop-in's default was `none`.
    @Test func aPluginThatShipsWithStrataRunsInProcessAnyOtherInAHelperUnlessTheConfigSays() throws {
        let build = try ShippedFolders()
        let shipped = ShippedPlugins(executableDirectory: build.executables)
        let builtIn = build.plugins.appendingPathComponent("libMoviesPlugin.so").path
        let dropIn = build.root.appendingPathComponent("libMoviesPlugin.so").path
        func mode(_ feature: String, at path: String?) throws -> IsolationSettings.Mode {
            var config = try config(feature)
            config.shipped = shipped
            return config.isolation(for: "x", at: path).mode
        }
        #expect(try mode("{}", at: builtIn) == .none)
        #expect(try mode("{}", at: dropIn) == .process)
        #expect(try mode("{}", at: nil) == .process, "a plugin not found is no built-in")
        #expect(try mode(#"{"isolation":"none"}"#, at: dropIn) == .none)
        #expect(try mode(#"{"isolation":"process"}"#, at: builtIn) == .process)
        #expect(try mode(#"{"isolation":"process-unsandboxed"}"#, at: dropIn) == .processUnsandboxed)
        var developing = shipped
        developing.developmentFolder = build.root.path
        #expect(developing.contains(path: dropIn), "the plugin `strata dev` builds runs in process, its screens with it")
        #expect(try config(#"{"isolation":"process"}"#).warnings == [])
    }

    /// In a build folder every plugin beside strata ships with it; installed under a prefix, only those
    /// `Scripts/stage` listed, since with the prefix ~/.local the folder is also the user's own.
    @Test func whatShipsIsWhatStrataWasBuiltOrInstalledWith() throws {
        let folders = try ShippedFolders()
        let build = ShippedPlugins(executableDirectory: folders.plugins.path)
        #expect(build.contains(path: folders.plugins.appendingPathComponent("libAnyPlugin.so").path))
        #expect(!build.contains(path: folders.root.appendingPathComponent("libAnyPlugin.so").path))

        let installed = ShippedPlugins(executableDirectory: folders.root.appendingPathComponent("bin").path)
        #expect(installed.contains(path: folders.plugins.appendingPathComponent("libMoviesPlugin.so").path))
        #expect(!installed.contains(path: folders.plugins.appendingPathComponent("libMinePlugin.so").path), "installed beside them by the user")
        try FileManager.default.removeItem(at: folders.list)
        let unlisted = ShippedPlugins(executableDirectory: folders.root.appendingPathComponent("bin").path)
        #expect(!unlisted.contains(path: folders.plugins.appendingPathComponent("libMoviesPlugin.so").path), "no list: nothing is taken for built-in")
    }

    @Test func aWrongIsolationOrLimitNamesItsKeyPath() throws {
        #expect(throws: (any Error).self) { try config(#"{"isolation":"sandbox"}"#) }
        do {
            _ = try config(#"{"limits":{"memoryMegabytes":1e300}}"#)
            Issue.record("a limit past its maximum was taken")
        } catch {
            #expect("\(error)".contains("`features.x.limits.memoryMegabytes` must be a whole number from 512 to 1048576"))
        }
        // A number that isn't whole, or past what an Int holds, was "but it is a number.", which it is.
        for (value, shown) in [("0.000001", "1e-06"), ("1e300", "1e+300"), ("9223372036854775807", "9.223372036854776e+18")] {
            do {
                _ = try config(#"{"limits":{"cpuSeconds":\#(value)}}"#)
                Issue.record("cpuSeconds \(value) was taken")
            } catch {
                #expect("\(error)".contains("`features.x.limits.cpuSeconds` must be a whole number from 1 to 1048576, but it is \(shown)."), "\(error)")
            }
        }
        // Below what the helper needs to start, a limit would fail as something else (a hang in the runtime's
        // thread pool, SQLite out of memory, Landlock out of descriptors): the config check names the limit.
        for (key, value, minimum) in [("memoryMegabytes", 256, 512), ("openFiles", 10, 64)] {
            #expect(throws: (any Error).self) { try config(#"{"limits":{"\#(key)":\#(value)}}"#) }
            do {
                _ = try config(#"{"limits":{"\#(key)":\#(value)}}"#)
            } catch {
                #expect("\(error)".contains("`features.x.limits.\(key)` must be a whole number from \(minimum) to 1048576, but it is \(value)"), "\(error)")
            }
        }
        #expect(try config(#"{"limits":{"cpuSeconds":1}}"#).isolation(for: "x", at: nil).limits.cpuSeconds == 1)
        #expect(try config(#"{"limits":{"memoryMegabytes":512,"cpuSeconds":5}}"#).isolation(for: "x", at: nil).limits
                    == .init(memoryMegabytes: 512, openFiles: 256, cpuSeconds: 5))
    }

    @Test func theConfigNarrowsDeclaredCapabilitiesAndSaysWhatItCannotAdd() throws {
        let declared = PluginDescriptor.Capabilities(network: ["api.themoviedb.org", "image.tmdb.org"], environment: ["TMDB_API_KEY"])
        let settings = try config(#"{"capabilities":{"network":["image.tmdb.org","evil.example"]}}"#).isolation(for: "x", at: nil)
        let (capabilities, undeclared) = settings.capabilities(declared: declared)
        #expect(capabilities == .init(network: ["image.tmdb.org"]))
        #expect(undeclared == ["evil.example"])
        let descriptor = PluginDescriptor(id: "x", displayName: "X", version: "1.0.0", summary: "s")
        var withCapabilities = descriptor
        withCapabilities.capabilities = declared
        #expect(settings.sentences(for: withCapabilities).contains {
            $0.hasPrefix("The config names evil.example, which the plugin never declared")
        })
    }

    /// `plugins info` says what the plugin declares that the config took away, so the refusal that follows
    /// isn't read as the plugin's fault (before: "No network access." alone).
    @Test func infoNamesTheHostsTheConfigTookAway() throws {
        var notes = PluginDescriptor(id: "notes", displayName: "Notes", version: "1.0.0", summary: "s")
        notes.capabilities = .init(network: ["127.0.0.1"])
        let none = try config(#"{"capabilities":{"network":[]}}"#).isolation(for: "x", at: nil)
        #expect(none.sentences(for: notes).first
                    == "No network access. It declares 127.0.0.1, which your config took away (features.notes.capabilities.network).")
        let onePort = try config(#"{"capabilities":{"network":["127.0.0.1:8080"]}}"#).isolation(for: "x", at: nil)
        #expect(onePort.sentences(for: notes).first
                    == "Connects to: 127.0.0.1:8080. It declares 127.0.0.1, which your config took away (features.notes.capabilities.network).")
        #expect(IsolationSettings().sentences(for: notes).first == "Connects to: 127.0.0.1 (every port).")
    }
}
/// An installed layout in a temporary folder: `bin/`, the built-in plugins' folder and the list of what ships
/// (`libMoviesPlugin.so`); `executables` is the build-folder layout, the plugins folder itself.
final class ShippedFolders {
    let root: URL
    var plugins: URL { root.appendingPathComponent(PluginDiscovery.installedBuiltInFolder) }
    var list: URL { root.appendingPathComponent("lib/strata/\(ShippedPlugins.listName)") }
    var executables: String { plugins.path }

    init() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-shipped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(PluginDiscovery.installedBuiltInFolder), withIntermediateDirectories: true)
        root = URL(fileURLWithPath: realPath(folder.path) ?? folder.path)
        try Data("libMoviesPlugin.so\nnot a plugin name\n".utf8).write(to: list)
    }

    deinit { try? FileManager.default.removeItem(at: root) }
}
