internal import FoundationEssentials

/// A file of a SwiftPM resource bundle (`<Package>_<Target>.resources/Resources/<name>`), found without
/// SwiftPM's `Bundle.module`, which stops the process when the bundle is missing (a plugin must not take the
/// host down). It is looked for in the folders given (a plugin passes its library's folder,
/// `PluginContext.libraryDirectory`), then next to the running executable (where a test executable that
/// links the plugin in finds it).
public enum ResourceFile {
    /// The bundle was in none of the folders.
    public struct NotFound: Error, Sendable {
        /// The folders looked in, in order.
        public let searched: [String]
    }

    /// - Parameters:
    ///   - bundleSuffix: the end of the bundle's folder name, e.g. `_MoviesData.resources`.
    ///   - folders: paths of the folders to look in first.
    /// - Returns: the path of the file.
    public static func locate(_ name: String, bundleSuffix: String, searching folders: [String]) throws(NotFound) -> String {
        var candidates = folders.map { URL(fileURLWithPath: $0, isDirectory: true) }
        // The executable's own file, whatever PATH or link it was started through.
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        var seen = Set<String>(), searched: [String] = []
        for folder in candidates.map(\.standardizedFileURL) where seen.insert(folder.path).inserted {
            searched.append(folder.path)
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for entry in entries.sorted() where entry.hasSuffix(bundleSuffix) {
                let file = folder.appendingPathComponent(entry).appendingPathComponent("Resources").appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: file.path) { return file.path }
            }
        }
        throw NotFound(searched: searched)
    }
}
