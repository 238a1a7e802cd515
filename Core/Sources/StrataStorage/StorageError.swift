/// A failure of the SQLite storage: what SQLite said, the statement, and the database file.
///
/// Its `description` is for people: what happened to which file and what to do (free space, fix
/// permissions, move a damaged file aside), never the SQL or SQLite's own words. The statement and
/// SQLite's message stay in `sql` and `message` for code and tests.
public struct StorageError: Error, Sendable, CustomStringConvertible {
    /// SQLite's result code (`SQLITE_BUSY` is 5, `SQLITE_CONSTRAINT` 19), or `nil` for errors of this module.
    public let code: Int32?
    /// SQLite's message, or this module's.
    public let message: String
    /// The SQL that failed, if a statement did.
    public let sql: String?
    /// The database file, if known.
    public let path: String?

    /// Creates an error.
    public init(code: Int32? = nil, message: String, sql: String? = nil, path: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
        self.path = path
    }

    /// Whether another connection held the lock for longer than the busy timeout.
    public var isBusy: Bool { code == 5 || code == 6 }

    /// What went wrong, as a kind people can act on.
    public var kind: Kind {
        switch code {
        case nil: .other
        case 5, 6: .busy
        case 13: .full
        case 7: .outOfMemory
        case 3, 8, 14, 23: .notWritable
        case 11, 26: .damaged
        case 10: .diskError
        default: .other
        }
    }

    /// What went wrong, as a kind people can act on.
    public enum Kind: Sendable, Hashable {
        /// Another process held the file for longer than the busy timeout.
        case busy
        /// The disk (or the file system's quota) is full.
        case full
        /// SQLite could not allocate memory (`SQLITE_NOMEM`): the file is not at fault.
        case outOfMemory
        /// The file or its folder can't be opened for writing: permissions, a read-only file system.
        case notWritable
        /// The file is not a database, or a damaged one.
        case damaged
        /// The operating system failed to read or write the file.
        case diskError
        /// Anything else.
        case other
    }

    /// What happened to which file and what to do, in people's words.
    public var description: String {
        let file = path ?? "the data file"
        switch kind {
        case .busy:
            return "another process holds \(file); try again."
        case .full:
            return "\(file) can't grow: the disk is full. Free some space and try again."
        case .outOfMemory:
            return "there was not enough memory to read or write \(file); the file is intact. Free some memory "
                + "(or raise the memory limit of the plugin's helper) and try again."
        case .notWritable:
            return "\(file) can't be written: check that you may write it and its folder (ls -l), "
                + "and that the disk is not read-only."
        case .damaged:
            return "\(file) is damaged or is not a Strata database. Move it aside (mv \(file) \(file).damaged) "
                + "and Strata starts a new, empty one; what it held is not read any more."
        case .diskError:
            return "reading or writing \(file) failed (a disk error). Check the disk, then try again."
        case .other:
            guard let code else { return path == nil ? message : "\(message) (\(file))" }
            return "\(file) couldn't be read or written (storage error \(code)). If it keeps happening, move it "
                + "aside (mv \(file) \(file).old) and Strata starts a new, empty one."
        }
    }
}
