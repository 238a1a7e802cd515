internal import FoundationEssentials
import StrataBase

/// Opens a plugin's own database file. The host registers one in the container for every plugin.
public protocol DatabaseOpener: Sendable {
    /// Opens (creating if needed) the database file at `path`, with WAL mode and a busy timeout.
    /// - Throws: `StorageError` if the file can't be created or opened.
    func open(_ path: String) throws -> SQLiteDatabase
}

/// Opens files on disk, creating their folder first.
public struct SQLiteDatabaseOpener: DatabaseOpener {
    /// How long a connection waits for another process's lock before failing.
    public let busyTimeout: Double

    /// Creates an opener.
    public init(busyTimeout: Double = 5) { self.busyTimeout = busyTimeout }

    /// Creates the folder of `path` if needed, then opens the database there.
    public func open(_ path: String) throws -> SQLiteDatabase {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StorageError(message: "can't create the folder \(folder.path): \(errorText(error))", path: url.path)
        }
        return try SQLiteDatabase(path: url.path, busyTimeout: busyTimeout)
    }
}
