import FoundationEssentials
import Glibc
import StrataPluginKit

/// A plugin library found on disk: `lib<Name>Plugin.so`, whose id is `<name>` in lowercase.
struct DiscoveredPlugin: Equatable {
    let id: String
    /// The real path (symlinks resolved).
    let path: String
    /// A problem known before loading (an untrusted file or folder, a duplicate id).
    var problem: String?
    /// The file that was judged: loading checks, through the descriptor it loads, that it is still this one.
    var identity: FileIdentity?
    /// The descriptor section's bytes, read through the descriptor that the trust check inspected
    /// (`nil`: not read yet; the catalog reads it by path).
    var section: Result<[UInt8], PluginDescriptorError>?
    /// The first symbol it expects from the SDK that this strata's SDK lacks, demangled (``SDKSymbolCheck``);
    /// `nil` when none is missing or its section wasn't read.
    var missingSymbol: String?
}

/// Looks for plugin libraries in the configured folders, in order. Only folders named by the config or
/// the defaults are searched; never the current directory.
struct PluginDiscovery {
    /// The folders searched, as real paths.
    let directories: [String]
    /// Where each folder's `DescriptorCache` is kept (`nil`: every library is read).
    var cacheDirectory: URL?

    /// The folders a config names, or the defaults: the built-in plugins' folder (`builtInDirectory`), then
    /// `~/.local/lib/strata/plugins`. Relative config paths are relative to the config file's folder.
    static func directories(for config: StrataConfig, environment: [String: String]) -> [String] {
        if let configured = config.pluginDirectories {
            let base = config.path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } ?? FileManager.default.currentDirectoryPath
            return configured.map { path in
                let expanded = expandingTilde(path, environment)
                return expanded.hasPrefix("/") ? expanded : URL(fileURLWithPath: base).appendingPathComponent(expanded).standardized.path
            }
        }
        return [builtInDirectory(executableDirectory: executableDirectory()), userDirectory(environment: environment)]
    }

    /// Where the built-in plugins are for a `strata` in `executableDirectory`: in an installed layout
    /// (`PREFIX/bin/strata`, written by `Scripts/install` or the package) `PREFIX/lib/strata/plugins`;
    /// anywhere else (`.build/debug`, `.build/release`) the executable's own folder.
    static func builtInDirectory(executableDirectory: String) -> String {
        let folder = URL(fileURLWithPath: executableDirectory)
        guard folder.lastPathComponent == "bin" else { return folder.path }
        return folder.deletingLastPathComponent().appendingPathComponent("lib/strata/plugins").path
    }

    /// `~/.local/lib/strata/plugins`, where the user's own plugins go.
    static func userDirectory(environment: [String: String]) -> String {
        "\(homeDirectory(environment))/.local/lib/strata/plugins"
    }

    /// Lists the plugins in every folder; a later library with an id already seen is kept with a problem.
    func discover() -> [DiscoveredPlugin] {
        var found: [DiscoveredPlugin] = []
        var seenPaths: Set<String> = []
        var firstPathByID: [String: String] = [:]
        var trust = FileTrust()
        for directory in directories {
            guard let realDirectory = realPath(directory),
                  let names = try? FileManager.default.contentsOfDirectory(atPath: realDirectory) else { continue }
            // Files are opened relative to the folder, so that the kernel walks its path once, not per file.
            let folder = Glibc.open(realDirectory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            defer { if folder >= 0 { close(folder) } }
            let candidates = names.sorted().compactMap { name in Self.pluginID(fromFileName: name).map { (id: $0, name: name) } }
            let cache = cacheDirectory.map { DescriptorCache.load(folder: realDirectory, from: $0) } ?? DescriptorCache(folder: realDirectory)
            // Reading descriptors is independent per file; trust and ids are then judged in order.
            // "Now" is taken before the files are read: a file changed after it, even within the same
            // clock tick as its read, is then too new to be cached.
            let now = DescriptorCache.now()
            let opened = candidates.concurrentMap { Self.read($0.name, in: realDirectory, descriptor: folder, cache: cache) }
            if let cacheDirectory {
                var updated = DescriptorCache(folder: realDirectory)
                for (candidate, file) in zip(candidates, opened) {
                    if let status = file?.status, case .success(let section) = file?.section {
                        updated.record(section, missingSymbol: file?.missingSymbol, named: candidate.name, status: status, now: now)
                    }
                }
                if updated != cache { updated.save(in: cacheDirectory) }
            }
            // The folder itself is judged for every entry: a link in it is only as safe as the folder that holds it.
            let folderProblem = candidates.isEmpty ? nil : trust.problem(forPluginFolder: realDirectory)
            for (candidate, file) in zip(candidates, opened) {
                guard let file, seenPaths.insert(file.path).inserted else { continue }
                var plugin = DiscoveredPlugin(id: candidate.id, path: file.path,
                                              problem: (folderProblem ?? trust.problem(forPluginAt: file.path, status: file.status))?.description)
                if let first = firstPathByID[candidate.id] {
                    plugin.problem = PluginFailure.duplicateID(id: candidate.id, firstPath: first).description
                } else {
                    firstPathByID[candidate.id] = file.path
                }
                if plugin.problem == nil {
                    plugin.section = file.section
                    plugin.missingSymbol = file.missingSymbol
                    plugin.identity = PluginFile.identity(path: file.path, status: file.status)
                }
                found.append(plugin)
            }
        }
        return found
    }

    /// What one file in a plugin folder is: its real path, its status and its descriptor section, read
    /// through one open descriptor (so the trust check judges the very file whose descriptor is read).
    private struct OpenedFile: Sendable {
        let path: String
        /// `nil` for a symbolic link (the trust check then looks at where it leads) or an unopenable file.
        let status: stat?
        /// `nil` where `status` is: the catalog then reads it by path, and reports why it can't.
        let section: Result<[UInt8], PluginDescriptorError>?
        /// What ``SDKSymbolCheck`` found missing, for a file whose section was read.
        var missingSymbol: String?
    }

    /// Reads `name` in the real folder `folder` (open as `folderDescriptor`, or -1), or takes its section
    /// from `cache` if the file is unchanged. A symbolic link is resolved to its real path (resolving walks
    /// every folder of the path, so only links are). `nil` when there is no such file (or a link leads nowhere).
    private static func read(_ name: String, in folder: String, descriptor folderDescriptor: Int32,
                             cache: DescriptorCache) -> OpenedFile? {
        let path = "\(folder)/\(name)"
        var cachedStatus = stat()
        if folderDescriptor >= 0, !cache.entries.isEmpty, fstatat(folderDescriptor, name, &cachedStatus, AT_SYMLINK_NOFOLLOW) == 0,
           let cached = cache.entry(named: name, status: cachedStatus) {
            return OpenedFile(path: path, status: cachedStatus, section: .success(cached.section), missingSymbol: cached.missingSymbol)
        }
        // O_NONBLOCK: a FIFO under a plugin's name must not stall discovery; regular files ignore it.
        let flags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
        let file = folderDescriptor >= 0 ? openat(folderDescriptor, name, flags) : Glibc.open(path, flags)
        guard file >= 0 else {
            switch errno {
            case ELOOP: return realPath(path).map { OpenedFile(path: $0, status: nil, section: nil) }
            case ENOENT: return nil
            default: return OpenedFile(path: path, status: nil, section: nil)
            }
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0 else { return OpenedFile(path: path, status: nil, section: nil) }
        let section = Result { () throws(PluginDescriptorError) in try PluginDescriptorReader.section(file: file, path: path) }
        // A plugin's symbols are judged through the same descriptor (and then cached with its section).
        let missing = (try? section.get()) == nil ? nil : SDKSymbolCheck.firstMissing(file: file, path: path)
        return OpenedFile(path: path, status: status, section: section, missingSymbol: missing)
    }

    /// The plugin libraries directly in `folder`, sorted by name.
    static func libraries(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { pluginID(fromFileName: $0) != nil }.sorted().map { "\(folder)/\($0)" }
    }

    /// `libMoviesPlugin.so` → `movies`; `nil` for any other file name.
    static func pluginID(fromFileName name: String) -> String? {
        let bytes = Array(name.utf8), prefix = Array("lib".utf8), suffix = Array("Plugin.so".utf8)
        guard bytes.count > prefix.count + suffix.count, bytes.starts(with: prefix), bytes.suffix(suffix.count).elementsEqual(suffix) else { return nil }
        var id: [UInt8] = []
        for byte in bytes[prefix.count..<(bytes.count - suffix.count)] {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"): id.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): id.append(byte + 0x20)
            default: return nil
            }
        }
        return String(decoding: id, as: UTF8.self)
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

