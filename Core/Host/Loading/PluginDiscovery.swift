import FoundationEssentials
import Glibc
import StrataPluginKit

/// A plugin library found on disk: `lib<Name>Plugin.so`, whose id is `<name>` in lowercase.
struct DiscoveredPlugin {
    let id: String
    /// The real path (symlinks resolved).
    let path: String
    /// A problem known before loading (an untrusted file or folder, a duplicate id).
    var problem: String?
    /// The file that was judged: loading checks, through the descriptor it loads, that it is still this one.
    var identity: FileIdentity?
    /// What its descriptor says, read through the descriptor that the trust check inspected or taken from
    /// the folder's catalog file (`nil`: not read yet; the catalog reads it by path).
    var reading: Reading?
    /// The folder (its index in the search order) whose catalog vouches that this plugin's command words
    /// clash with none of that folder's other plugins' (``CatalogFile/wordsAgree``); `nil` if none does.
    var wordGroup: Int?

    enum Reading: Sendable {
        case described(DescribedPlugin)
        /// Why it can't be used, from its descriptor alone (``PluginCatalog/problem(with:fileID:)``).
        case problem(String)

        /// What the library open as `file` at `path`, named for `fileID`, gives: its descriptor, and whether
        /// it fits this strata (its stamp, then the SDK symbols it expects, read through the same descriptor).
        init(file: Int32, path: String, fileID: String) {
            do {
                let section = try PluginDescriptorReader.section(file: file, path: path)
                let descriptor = try PluginDescriptorSection.decode(section)
                if let problem = PluginCatalog.problem(with: descriptor, fileID: fileID) {
                    self = .problem(problem)
                } else {
                    let incompatibility = PluginCatalog.incompatibility(of: descriptor, path: path, file: file)
                    self = .described(DescribedPlugin(descriptor, section: section, incompatibility: incompatibility))
                }
            } catch {
                self = .problem("\(error)")
            }
        }

        /// What the library at `path` gives (a link, or a file discovery couldn't open).
        init(libraryAt path: String, fileID: String) {
            let file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard file >= 0 else {
                self = .problem("\(PluginDescriptorError.unreadable("\(path): \(String(cString: strerror(errno)))"))")
                return
            }
            defer { close(file) }
            self.init(file: file, path: path, fileID: fileID)
        }

        /// As the catalog file keeps it.
        var outcome: CatalogFile.Outcome {
            switch self {
            case .described(let described): .facts(described.facts)
            case .problem(let problem): .problem(problem)
            }
        }
    }
}

/// Looks for plugin libraries in the configured folders, in order. Only folders named by the config or
/// the defaults are searched; never the current directory.
struct PluginDiscovery {
    /// The folders searched, as real paths.
    let directories: [String]
    /// Where each folder's ``CatalogFile`` is kept (`nil`: every library is read).
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
    /// (`PREFIX/bin/strata`, written by `Scripts/install` or the package) `PREFIX/`` installedBuiltInFolder``,
    /// apart from the user's own plugins even when the prefix is `~/.local`; anywhere else (`.build/debug`,
    /// `.build/release`) the executable's own folder.
    static func builtInDirectory(executableDirectory: String) -> String {
        let folder = URL(fileURLWithPath: executableDirectory)
        guard folder.lastPathComponent == "bin" else { return folder.path }
        return folder.deletingLastPathComponent().appendingPathComponent(installedBuiltInFolder).path
    }

    /// The built-in plugins' folder in an installed layout, relative to the prefix (`Scripts/stage` writes it).
    static let installedBuiltInFolder = "lib/strata/builtin-plugins"

    /// `~/.local/lib/strata/plugins`, where the user's own plugins go.
    static func userDirectory(environment: [String: String]) -> String {
        "\(homeDirectory(environment))/.local/lib/strata/plugins"
    }

    /// Lists the plugins in every folder; a later library with an id already seen is kept with a problem.
    func discover() -> [DiscoveredPlugin] {
        var found: [DiscoveredPlugin] = []
        // A library is listed once, however many ways lead to it. Files opened in a folder have paths of
        // their own (a folder met twice is skipped as a whole); only a link can lead to a path met before,
        // so the paths are kept from the first link on.
        var seenFolders: Set<String> = []
        var seenPaths: Set<String>?
        var firstPathByID: [String: String] = [:]
        var trust = FileTrust()
        for (folderIndex, directory) in directories.enumerated() {
            guard let realDirectory = realPath(directory), seenFolders.insert(realDirectory).inserted,
                let names = Self.names(in: realDirectory)
            else { continue }
            // Files are opened relative to the folder, so that the kernel walks its path once, not per file.
            let folder = Glibc.open(realDirectory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            defer { if folder >= 0 { close(folder) } }
            // Sorted after the other files are dropped (a build folder holds many more of those).
            let candidates = Self.sortedByName(names.compactMap { name in Self.pluginID(fromFileName: name).map { (id: $0, name: name) } })
            // Grown once a folder: 500 plugins added one by one grew the list and the ids' table ten times each.
            found.reserveCapacity(found.count + candidates.count)
            firstPathByID.reserveCapacity(firstPathByID.count + candidates.count)
            let catalog = cacheDirectory.map { CatalogFile.load(folder: realDirectory, from: $0) } ?? CatalogFile(folder: realDirectory)
            // Reading descriptors is independent per file; trust and ids are then judged in order.
            // "Now" is taken before the files are read: a file changed after it, even within the same
            // clock tick as its read, is then too new to be kept.
            let now = CatalogFile.now()
            // A file the catalog holds costs one `stat`, taken here in order: starting workers for those would
            // cost more than it saves. Only the others are read, by workers when there are many.
            var opened = candidates.map { Self.recorded($0.name, in: realDirectory, descriptor: folder, catalog: catalog) }
            let unread = opened.indices.filter { opened[$0] == nil }
            let read = unread.concurrentMap(minimumCount: unread.count >= 64 ? 64 : .max) {
                Self.read(candidates[$0], in: realDirectory, descriptor: folder)
            }
            for (index, file) in zip(unread, read) { opened[index] = file }
            let vouched = cacheDirectory.map { Self.keep(catalog, candidates: candidates, opened: opened, now: now, in: $0) }
            // The folder itself is judged for every entry: a link in it is only as safe as the folder that holds it.
            let folderProblem = candidates.isEmpty ? nil : trust.problem(forPluginFolder: realDirectory)
            for (index, (candidate, file)) in zip(candidates, opened).enumerated() {
                guard let file else { continue }
                if file.status == nil || seenPaths != nil {
                    if seenPaths == nil { seenPaths = Set(found.map(\.path)) }
                    guard seenPaths!.insert(file.path).inserted else { continue }
                }
                // A file opened in the folder just judged needs only its own check; a link, the whole path.
                let fileProblem =
                    file.status.map { trust.problem(forFileInJudgedFolder: file.path, status: $0) }
                    ?? trust.problem(forPluginAt: file.path, status: nil)
                var plugin = DiscoveredPlugin(id: candidate.id, path: file.path, problem: (folderProblem ?? fileProblem)?.description)
                if let first = firstPathByID[candidate.id] {
                    plugin.problem = PluginFailure.duplicateID(id: candidate.id, firstPath: first).description
                } else {
                    firstPathByID[candidate.id] = file.path
                }
                if plugin.problem == nil {
                    plugin.reading = file.reading
                    plugin.identity = PluginFile.identity(path: file.path, status: file.status)
                    if vouched?[index] == true { plugin.wordGroup = folderIndex }
                }
                found.append(plugin)
            }
        }
        return found
    }

    /// Keeps the folder's catalog up to date in `directory`: when a file was added, changed or removed, the
    /// catalog is built again from what was read and saved. Returns, for each candidate, whether the catalog
    /// vouches that its words clash with no other plugin's in the folder.
    private static func keep(
        _ catalog: CatalogFile, candidates: [(id: String, name: String)], opened: [OpenedFile?],
        now: timespec, in directory: URL
    ) -> [Bool] {
        let hits = opened.count { $0?.fromCatalog == true }
        let changed = hits != catalog.records.count || opened.contains { $0?.status != nil && $0?.fromCatalog == false }
        guard changed else { return opened.map { catalog.wordsAgree && $0?.fromCatalog == true } }
        var updated = CatalogFile(folder: catalog.folder)
        for (candidate, file) in zip(candidates, opened) {
            if let status = file?.status, let reading = file?.reading {
                updated.record(reading.outcome, named: candidate.name, status: status, now: now)
            }
        }
        updated.checkWords()
        updated.save(in: directory)
        return candidates.map { updated.wordsAgree && updated.records[$0.name] != nil }
    }

    /// What one file in a plugin folder is: its real path, its status and what its descriptor says, read
    /// through one open descriptor (so the trust check judges the very file whose descriptor is read).
    private struct OpenedFile: Sendable {
        let path: String
        /// `nil` for a symbolic link (the trust check then looks at where it leads) or an unopenable file.
        let status: stat?
        /// `nil` where `status` is: the catalog then reads it by path, and reports why it can't.
        let reading: DiscoveredPlugin.Reading?
        /// Whether `reading` came from the folder's catalog (the file unchanged since it was recorded).
        var fromCatalog = false
    }

    /// What the folder's `catalog` holds for the file `name` in the real folder `folder` (open as
    /// `folderDescriptor`, or -1), if the file is unchanged since it was recorded; `nil` if it must be read.
    private static func recorded(_ name: String, in folder: String, descriptor folderDescriptor: Int32, catalog: CatalogFile) -> OpenedFile? {
        var status = stat()
        guard folderDescriptor >= 0, !catalog.records.isEmpty, fstatat(folderDescriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0,
            let record = catalog.record(named: name, status: status)
        else { return nil }
        let path = Self.path(name, in: folder)
        let reading: DiscoveredPlugin.Reading =
            switch record.outcome {
            case .facts(let facts): .described(DescribedPlugin(facts: facts, source: .library(path: path, identity: record.identity)))
            case .problem(let problem): .problem(problem)
            }
        return OpenedFile(path: path, status: status, reading: reading, fromCatalog: true)
    }

    /// Reads `candidate` in the real folder `folder` (open as `folderDescriptor`, or -1). A symbolic link is
    /// resolved to its real path (resolving walks every folder of the path, so only links are). `nil` when
    /// there is no such file any more.
    private static func read(_ candidate: (id: String, name: String), in folder: String, descriptor folderDescriptor: Int32) -> OpenedFile? {
        let name = candidate.name, path = Self.path(name, in: folder)
        // O_NONBLOCK: a FIFO under a plugin's name must not stall discovery; regular files ignore it.
        let flags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
        let file = folderDescriptor >= 0 ? openat(folderDescriptor, name, flags) : Glibc.open(path, flags)
        guard file >= 0 else {
            switch errno {
            // A link: where it leads, judged by path; one that leads nowhere is listed with why.
            case ELOOP: return OpenedFile(path: realPath(path) ?? path, status: nil, reading: nil)
            case ENOENT: return nil
            default: return OpenedFile(path: path, status: nil, reading: nil)
            }
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0 else { return OpenedFile(path: path, status: nil, reading: nil) }
        return OpenedFile(path: path, status: status, reading: DiscoveredPlugin.Reading(file: file, path: path, fileID: candidate.id))
    }

    /// `folder/name`, its bytes copied into one allocation: an interpolation grew the string as it appended, and
    /// 500 plugins' paths cost 0.77 M instructions.
    static func path(_ name: String, in folder: String) -> String {
        String(unsafeUninitializedCapacity: folder.utf8.count + 1 + name.utf8.count) { buffer in
            var end = buffer.initialize(fromContentsOf: folder.utf8)
            buffer[end] = UInt8(ascii: "/")
            end += 1
            return end + UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(fromContentsOf: name.utf8)
        }
    }

    /// The names in the plugin folder `folder`, or `nil` if it can't be listed; of one too big to list, a
    /// warning says that its plugins are left out.
    static func names(in folder: String) -> [String]? {
        do {
            return try folderNames(folder)
        } catch {
            if case .tooBig = error.reason { Console.warning("\(error), so none of its plugins is used: keep plugins in a folder of their own") }
            return nil
        }
    }

    /// The plugin libraries directly in `folder`, sorted by name.
    static func libraries(in folder: String) -> [String] {
        (names(in: folder) ?? [])
            .filter { pluginID(fromFileName: $0) != nil }.sorted().map { path($0, in: folder) }
    }

    /// Plugin files in the order of their names. The names are ASCII (``pluginID(fromFileName:)``), so String's
    /// order is their bytes' order: each is sorted by its 16 bytes after `lib` as two integers, and only
    /// names whose 16 bytes are the same are compared as strings (comparing 500 names as strings took 1.6 M
    /// instructions, a tenth of a listing's own).
    static func sortedByName(_ candidates: [(id: String, name: String)]) -> [(id: String, name: String)] {
        let keys = candidates.map { candidate -> (UInt64, UInt64) in
            var name = candidate.name
            return name.withUTF8 { bytes in
                func word(_ start: Int) -> UInt64 {  // big-endian, so that integer order is byte order; 0 past the end
                    (0..<8).reduce(UInt64(0)) { word, index in
                        let at = start + index
                        return word << 8 | UInt64(at < bytes.count ? bytes[at] : 0)
                    }
                }
                return (word(3), word(11))
            }
        }
        let order = mergeSorted(Array(candidates.indices)) { a, b in
            keys[a] != keys[b] ? keys[a] < keys[b] : candidates[a].name < candidates[b].name
        }
        return order.map { candidates[$0] }
    }

    /// `indices` in the order `less` gives (stable), by a bottom-up merge sort. Not the standard library's
    /// sort: past 20 elements it keeps its runs in a `[Range<Int>]`, whose metadata the runtime makes on first
    /// use by checking that `Int` is `Comparable`, a scan of every conformance record of every library loaded
    /// (0.17 M instructions, more than sorting 500 names).
    static func mergeSorted(_ indices: [Int], by less: (Int, Int) -> Bool) -> [Int] {
        var sorted = indices, merged = indices
        var width = 1
        while width < sorted.count {
            var start = 0
            while start < sorted.count {
                let middle = min(start + width, sorted.count), end = min(start + 2 * width, sorted.count)
                var left = start, right = middle
                for out in start..<end {
                    // From the left run unless the right one's next is strictly less: equal items keep their order.
                    if right == end || (left < middle && !less(sorted[right], sorted[left])) {
                        merged[out] = sorted[left]
                        left += 1
                    } else {
                        merged[out] = sorted[right]
                        right += 1
                    }
                }
                start = end
            }
            swap(&sorted, &merged)
            width *= 2
        }
        return sorted
    }

    /// `libMoviesPlugin.so` → `movies`; `nil` for any other file name.
    static func pluginID(fromFileName name: String) -> String? {
        // Every file of every plugin folder is asked, on every run: read in place, one String made.
        var name = name
        return name.withUTF8 { bytes -> String? in
            // The ends compared with `memcmp`: comparing them with a String's UTF-8 view took 640 instructions a name.
            let prefix: StaticString = "lib", suffix: StaticString = "Plugin.so"
            let ends = prefix.utf8CodeUnitCount + suffix.utf8CodeUnitCount
            func has(_ part: StaticString, at start: Int) -> Bool {
                part.withUTF8Buffer { part in memcmp(bytes.baseAddress! + start, part.baseAddress!, part.count) == 0 }
            }
            guard bytes.count > ends, has(prefix, at: 0), has(suffix, at: bytes.count - suffix.utf8CodeUnitCount) else { return nil }
            let middle = bytes[prefix.utf8CodeUnitCount..<(bytes.count - suffix.utf8CodeUnitCount)]
            let isID = { (byte: UInt8) in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            }
            guard middle.allSatisfy(isID) else { return nil }
            return String(unsafeUninitializedCapacity: middle.count) { id in
                for (index, byte) in middle.enumerated() { id[index] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte }
                return middle.count
            }
        }
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
