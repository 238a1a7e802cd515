import Foundation
import Glibc

/// A plugin library found on disk: `lib<Name>Plugin.so`, whose id is `<name>` in lowercase.
struct DiscoveredPlugin: Equatable {
    let id: String
    /// The real path (symlinks resolved).
    let path: String
    /// A problem known before loading (an untrusted file or folder, a duplicate id).
    var problem: String?
}

/// Looks for plugin libraries in the configured folders, in order. Only folders named by the config or
/// the defaults are searched; never the current directory.
struct PluginDiscovery {
    /// The folders searched, as real paths.
    let directories: [String]

    /// The folders a config names, or the defaults: the folder of the `strata` executable, then
    /// `~/.local/lib/strata/plugins`. Relative config paths are relative to the config file's folder.
    static func directories(for config: StrataConfig, environment: [String: String]) -> [String] {
        if let configured = config.pluginDirectories {
            let base = config.path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } ?? FileManager.default.currentDirectoryPath
            return configured.map { path in
                let expanded = expandingTilde(path, environment)
                return expanded.hasPrefix("/") ? expanded : URL(fileURLWithPath: base).appendingPathComponent(expanded).standardized.path
            }
        }
        return [executableDirectory(), userDirectory(environment: environment)]
    }

    /// `~/.local/lib/strata/plugins`, where the user's own plugins go.
    static func userDirectory(environment: [String: String]) -> String {
        "\(homeDirectory(environment))/.local/lib/strata/plugins"
    }

    /// Lists the plugins in every folder; a later library with an id already seen is kept with a problem.
    func discover() -> [DiscoveredPlugin] {
        var found: [DiscoveredPlugin] = []
        var firstPathByID: [String: String] = [:]
        var trust = FileTrust()
        for directory in directories {
            guard let realDirectory = realPath(directory),
                  let names = try? FileManager.default.contentsOfDirectory(atPath: realDirectory) else { continue }
            for name in names.sorted() {
                guard let id = Self.pluginID(fromFileName: name), let path = Self.resolvedPath(of: name, in: realDirectory) else { continue }
                if found.contains(where: { $0.path == path }) { continue }
                var plugin = DiscoveredPlugin(id: id, path: path, problem: trust.problem(forPluginAt: path)?.description)
                if let first = firstPathByID[id] {
                    plugin.problem = PluginFailure.duplicateID(id: id, firstPath: first).description
                } else {
                    firstPathByID[id] = path
                }
                found.append(plugin)
            }
        }
        return found
    }

    /// The real path of `name` in the real folder `folder`: resolved only when it is a symbolic link (most
    /// files aren't, and resolving walks every folder of the path).
    private static func resolvedPath(of name: String, in folder: String) -> String? {
        let path = "\(folder)/\(name)"
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return (status.st_mode & S_IFMT) == S_IFLNK ? realPath(path) : path
    }

    /// The plugin libraries directly in `folder`, sorted by name.
    static func libraries(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { pluginID(fromFileName: $0) != nil }.sorted().map { "\(folder)/\($0)" }
    }

    /// `libMoviesPlugin.so` → `movies`; `nil` for any other file name.
    static func pluginID(fromFileName name: String) -> String? {
        guard name.hasPrefix("lib"), name.hasSuffix("Plugin.so") else { return nil }
        let core = name.dropFirst(3).dropLast("Plugin.so".count)
        guard !core.isEmpty, core.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        return core.lowercased()
    }
}

/// The folder holding the running `strata` executable.
func executableDirectory() -> String {
    let executable = realPath("/proc/self/exe") ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: executable).deletingLastPathComponent().path
}

/// The canonical path, or `nil` if it doesn't exist.
func realPath(_ path: String) -> String? {
    guard let resolved = Glibc.realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

