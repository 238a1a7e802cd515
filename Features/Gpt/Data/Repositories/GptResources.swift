import Foundation

/// Finds the files of `Resources/`, which SwiftPM copies into a `<Package>_GptData.resources` folder next
/// to the binary that contains this code: `libGptPlugin.so` (whose folder the plugin passes in), the
/// `strata` executable, or the test runner.
///
/// `Bundle.module` is not used because it stops the process when the folder is missing (a plugin copied
/// without its resources); here that is an error that says where the folder should be.
enum GptResources {
    static func url(of name: String, searching folders: [URL]) throws(GptResourceError) -> URL {
        var searched: [String] = []
        for folder in candidateFolders(folders) {
            searched.append(folder.path)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for entry in entries.sorted() where entry.hasSuffix("_GptData.resources") {
                let file = folder.appendingPathComponent(entry).appendingPathComponent("Resources").appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: file.path) { return file }
            }
        }
        throw GptResourceError(name: name, searched: searched)
    }

    private static func candidateFolders(_ given: [URL]) -> [URL] {
        var folders = given
        folders.append(Bundle.main.bundleURL)
        if let executable = Bundle.main.executableURL?.deletingLastPathComponent() { folders.append(executable) }
        var seen = Set<String>()
        return folders.map(\.standardizedFileURL).filter { seen.insert($0.path).inserted }
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
