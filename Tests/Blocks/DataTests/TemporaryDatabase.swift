import Foundation
import StrataStorage

/// A database file in a fresh temporary folder, removed when the test is done.
final class TemporaryDatabase {
    let folder: URL
    var url: URL { folder.appendingPathComponent("blocks.sqlite") }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("blocks-data-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A new connection to the file, as another process would open it.
    func open() throws -> SQLiteDatabase { try SQLiteDatabaseOpener().open(url.path) }
}
