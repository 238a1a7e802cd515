import Foundation
import Testing
@testable import StrataHost

/// Where `strata` looks for the built-in plugins: beside itself in a build folder, in
/// `lib/strata/builtin-plugins` when it is installed as `PREFIX/bin/strata`, apart from the user's own
/// `~/.local/lib/strata/plugins` even when the prefix is `~/.local`.
@Suite struct BuiltInPluginFolderTests {
    @Test func anInstalledStrataFindsThemUnderItsPrefix() {
        #expect(PluginDiscovery.builtInDirectory(executableDirectory: "/home/ada/.local/bin") == "/home/ada/.local/lib/strata/builtin-plugins")
        #expect(PluginDiscovery.builtInDirectory(executableDirectory: "/usr/bin") == "/usr/lib/strata/builtin-plugins")
        #expect(PluginDiscovery.builtInDirectory(executableDirectory: "/home/ada/.local/bin")
                != PluginDiscovery.userDirectory(environment: ["HOME": "/home/ada"]))
    }

    @Test func aBuiltStrataFindsThemBesideItself() {
        for folder in ["/src/strata/.build/x86_64-unknown-linux-gnu/debug", "/src/strata/.build/release", "/opt/strata"] {
            #expect(PluginDiscovery.builtInDirectory(executableDirectory: folder) == folder)
        }
    }

    @Test func theDefaultsAreTheBuiltInFolderThenTheUsersOwn() {
        let folders = PluginDiscovery.directories(for: .builtIn, environment: ["HOME": "/home/ada"])
        #expect(folders == [PluginDiscovery.builtInDirectory(executableDirectory: executableDirectory()),
                            "/home/ada/.local/lib/strata/plugins"])
    }
}

/// Which files of a plugin folder are plugins, and their ids: `lib<Name>Plugin.so`, the name in ASCII
/// letters and digits, lowercased.
@Suite struct PluginFileNameTests {
    @Test func theIDIsTheNameBetweenLibAndPluginLowercased() {
        let names: [(String, String?)] = [
            ("libMoviesPlugin.so", "movies"), ("libBench00042Plugin.so", "bench00042"), ("libXPlugin.so", "x"), ("libaBcPlugin.so", "abc"),
            ("libPlugin.so", nil), ("libMoviesPlugin.so.1", nil), ("Movies.so", nil), ("libMovies-2Plugin.so", nil),
            ("libMovies_Plugin.so", nil), ("libMoviésPlugin.so", nil), ("lib Plugin.so", nil), ("libMoviesplugin.so", nil), ("", nil),
            ("LibMoviesPlugin.so", nil), ("xlibMoviesPlugin.so", nil), ("libMoviesPlugin.sO", nil), ("libMoviesPlugin.s", nil), ("libaPlugin.so", "a"),
        ]
        for (name, id) in names { #expect(PluginDiscovery.pluginID(fromFileName: name) == id, "\(name)") }
    }
}
