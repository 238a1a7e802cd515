import Foundation
import GptDomain

/// Saved replies as text files in a folder (the plugin's `replies` folder), each written atomically.
public struct FileSavedRepliesRepository: SavedRepliesRepository {
    private let directory: URL

    public init(directory: URL) { self.directory = directory }

    public func save(_ text: String, named name: String) throws(SavedReplyError) -> String {
        let file = directory.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file, options: .atomic)
            return file.path
        } catch {
            throw SavedReplyError(path: file.path, reason: error.localizedDescription)
        }
    }
}
