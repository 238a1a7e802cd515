import Foundation
import MoviesDomain
import StrataBase

/// Finds `movies-catalog.json` in the resource bundle of this target (`<Package>_MoviesData.resources`):
/// next to the plugin library (the folder the plugin's context gives), then next to the running executable.
enum CatalogResource {
    static let fileName = "movies-catalog.json"
    static let bundleSuffix = "_MoviesData.resources"

    /// The catalog file.
    /// - Throws: `MoviesError.catalogUnavailable` listing the folders searched.
    static func locate(searching folders: [URL]) throws -> URL {
        do {
            return URL(fileURLWithPath: try ResourceFile.locate(fileName, bundleSuffix: bundleSuffix, searching: folders.map(\.path)))
        } catch {
            throw MoviesError.catalogUnavailable(
                "\(fileName) is in no *\(bundleSuffix) folder next to the plugin library or the executable (looked in "
                    + error.searched.joined(separator: ", ")
                    + "). Copy the *\(bundleSuffix) folder from the build folder next to libMoviesPlugin.so, or set \"source\": \"tmdb\".")
        }
    }
}
