import Foundation
import GptData
import GptDomain
import Testing

/// Saved replies are real files, written whole; a folder that can't be made is an error naming the file.
struct FileSavedRepliesRepositoryTests {
    @Test func aReplyIsWrittenToAFileInTheFolderMadeForIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gpt-save-\(UUID().uuidString)/replies")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }

        let path = try FileSavedRepliesRepository(directory: folder).save("완전 럭키비키잖아🍀\n", named: "gpt-lucky.txt")

        #expect(path == folder.appendingPathComponent("gpt-lucky.txt").path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "완전 럭키비키잖아🍀\n")
    }

    @Test func aFolderThatCannotBeMadeIsAnErrorNamingTheFile() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("gpt-blocker-\(UUID().uuidString)")
        try Data("x".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let folder = blocker.appendingPathComponent("inside")

        let error = #expect(throws: SavedReplyError.self) {
            try FileSavedRepliesRepository(directory: folder).save("text", named: "gpt-lucky.txt")
        }
        #expect(error?.path == folder.appendingPathComponent("gpt-lucky.txt").path)
        #expect(error?.reason.isEmpty == false)
    }
}
