import Foundation
import StrataBase

/// Finds the files of `Resources/`, which SwiftPM copies into a `<Package>_GptData.resources` folder next
/// to the binary that contains this code: `libGptPlugin.so` (whose folder the plugin passes in), the
/// `strata` executable, or the test runner.
///
/// `Bundle.module` is not used because it stops the process when the folder is missing (a plugin copied
/// without its resources); here that is an error that says where the folder should be.
enum GptResources {
    static func url(of name: String, searching folders: [URL]) throws(GptResourceError) -> URL {
        do {
            return URL(fileURLWithPath: try ResourceFile.locate(name, bundleSuffix: "_GptData.resources", searching: folders.map(\.path)))
        } catch {
            throw GptResourceError(name: name, searched: error.searched)
        }
    }
}

/// A resource file of the gpt feature is missing.
public struct GptResourceError: Error, Sendable, CustomStringConvertible {
    public let name: String
    public let searched: [String]

    public var description: String {
        "gpt: can't find \(name) in a *_GptData.resources folder (looked in \(searched.joined(separator: ", "))). "
            + "Copy the Strata_GptData.resources folder from the build output next to libGptPlugin.so."
    }
}
