import Foundation
import MoviesDomain

/// Finds `movies-catalog.json` in the resource bundle of this target (`<Package>_MoviesData.resources`).
///
/// SwiftPM's generated `Bundle.module` stops the process when the bundle is missing; a plugin must not
/// take the host down, so the bundle is looked for here instead: next to the library holding this code
/// (`libMoviesPlugin.so`, or the test executable), then next to the running executable.
enum CatalogResource {
    static let fileName = "movies-catalog.json"
    static let bundleSuffix = "_MoviesData.resources"

    /// The catalog file.
    /// - Throws: `MoviesError.catalogUnavailable` listing the folders searched.
    static func locate() throws -> URL {
        let folders = candidateFolders()
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasSuffix(bundleSuffix) {
                let url = folder.appendingPathComponent(name).appendingPathComponent("Resources").appendingPathComponent(fileName)
                if FileManager.default.fileExists(atPath: url.path) { return url }
            }
        }
        throw MoviesError.catalogUnavailable(
            "\(fileName) is in no *\(bundleSuffix) folder next to the plugin library or the executable (looked in "
                + folders.map(\.path).joined(separator: ", ")
                + "). Copy the *\(bundleSuffix) folder from the build folder next to libMoviesPlugin.so, or set \"source\": \"tmdb\".")
    }

    private static func candidateFolders() -> [URL] {
        var folders: [URL] = []
        if let library = libraryPath() { folders.append(URL(fileURLWithPath: library).deletingLastPathComponent()) }
        folders.append(Bundle.main.bundleURL)
        folders.append(URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent())
        var seen = Set<String>()
        return folders.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// The file of the library or executable this code was loaded from: the mapping in `/proc/self/maps`
    /// that contains `#dsohandle` (Glibc doesn't expose `dladdr` to Swift).
    private static func libraryPath() -> String? {
        let address = UInt(bitPattern: #dsohandle)
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[5].hasPrefix("/") else { continue }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let low = UInt(bounds[0], radix: 16), let high = UInt(bounds[1], radix: 16),
                  (low..<high).contains(address) else { continue }
            return fields[5].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}
