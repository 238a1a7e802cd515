import Foundation
import RunningDomain
import StrataStorage

/// Live sessions as SQLite files in a folder both processes can reach (`running-<ID>.sqlite`). WAL mode and
/// the busy timeout (set by `SQLiteDatabase`) let the two `strata` processes write to one file at once. The
/// folder must be the user's own (``PrivateSessionFolder``): host and join refuse any other.
public struct SQLiteLiveSessionRepository: LiveSessionRepository {
    public struct Timing: Sendable {
        public var inviteTimeoutSeconds: Double
        public var disconnectAfterSeconds: Double
        public var pollSeconds: Double

        public init(inviteTimeoutSeconds: Double = 10, disconnectAfterSeconds: Double = 5, pollSeconds: Double = 0.2) {
            self.inviteTimeoutSeconds = inviteTimeoutSeconds
            self.disconnectAfterSeconds = disconnectAfterSeconds
            self.pollSeconds = pollSeconds
        }
    }

    private let directory: URL
    private let opener: any DatabaseOpener
    private let clock: any RunClock
    private let timing: Timing
    private let log: @Sendable (String) -> Void

    /// - Parameter log: where the host says why a mate was refused (standard error).
    public init(
        directory: URL, opener: any DatabaseOpener, clock: any RunClock, timing: Timing = Timing(),
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.directory = directory
        self.opener = opener
        self.clock = clock
        self.timing = timing
        self.log = log
    }

    public func fileURL(for id: SessionID) -> URL {
        directory.appendingPathComponent(fileName(for: id))
    }

    private func fileName(for id: SessionID) -> String { "running-\(id.value).sqlite" }

    public func host(
        _ setting: RunningSetting, id: SessionID,
        onOpen: @Sendable () -> Void
    ) async throws -> LiveConnection {
        let url = fileURL(for: id)
        let folder = try PrivateSessionFolder(directory)
        removeStaleSessions()
        guard try folder.createFile(named: fileName(for: id)) else {
            throw LiveSessionError.alreadyExists(id: id.value, path: url.path)
        }
        let database = try opener.open(url.path)
        try database.migrate(SessionSchema.migrations)
        try database.transaction { transaction in
            try transaction.execute(
                """
                INSERT INTO session (id, mode, target_km, host_nickname, state, created_at)
                VALUES (?, ?, ?, ?, 'waiting', ?)
                """,
                [
                    .text(id.value), .text(setting.mode.rawValue), .real(setting.targetDistanceKm),
                    .text(setting.myNickname), .real(clock.now().timeIntervalSince1970),
                ])
            try SessionSchema.insertRunner(transaction, role: .host, nickname: setting.myNickname, at: clock.now())
        }
        onOpen()
        let deadline = clock.now().addingTimeInterval(timing.inviteTimeoutSeconds)
        var refusalsSeen: Int64 = 0
        while true {
            for refusal in try database.query("SELECT id, nickname, track_km FROM refusals WHERE id > ? ORDER BY id", [.integer(refusalsSeen)]) {
                refusalsSeen = try refusal.int64("id")
                let nickname = try refusal.string("nickname"), trackKm = try refusal.double("track_km")
                log(
                    "\(nickname)'s track adds up to \(ShownDistance.text(trackKm)) km, "
                        + "less than the \(ShownDistance.text(setting.targetDistanceKm)) km goal; still waiting for a mate")
            }
            if let mate = try database.query("SELECT nickname FROM runners WHERE role = 'mate'").first {
                try database.execute("UPDATE session SET state = 'running'")
                var agreed = setting
                agreed.mateNickname = try mate.string("nickname")
                agreed.sessionID = id.value
                return LiveConnection(setting: agreed, mate: feed(database, role: .host))
            }
            if clock.now() >= deadline {
                try database.execute("UPDATE session SET state = 'expired'")
                throw LiveSessionError.inviteTimedOut(id: id.value, seconds: timing.inviteTimeoutSeconds)
            }
            do {
                try Task.checkCancellation()
                try await clock.sleep(seconds: timing.pollSeconds)
            } catch {
                // Interrupted while waiting: a mate who comes later is told the session is over.
                try? database.execute("UPDATE session SET state = 'expired'")
                throw error
            }
        }
    }

    public func join(_ id: SessionID, nickname: String) async throws -> LiveConnection {
        try await join(id, nickname: nickname, trackKm: .infinity)
    }

    /// A race my track can't finish is refused before I am written in as the mate: the host waits on.
    public func join(_ id: SessionID, nickname: String, trackKm: Double) async throws -> LiveConnection {
        let url = fileURL(for: id)
        _ = try PrivateSessionFolder(directory)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw LiveSessionError.notFound(id: id.value, directory: directory.path)
        }
        let database = try opener.open(url.path)
        let (session, shortOf) = try database.transaction { transaction -> (SQLiteRow, Double?) in
            guard let session = try? transaction.query("SELECT * FROM session").first else {
                throw LiveSessionError.damaged(id: id.value, path: url.path)
            }
            switch session["state"]?.string {
            case "waiting": break
            case "expired": throw LiveSessionError.expired(id: id.value)
            default: throw LiveSessionError.alreadyTaken(id: id.value)
            }
            if session["mode"]?.string == RunningMode.race.rawValue, let goal = session["target_km"]?.double, trackKm < goal {
                // Not written in as the mate; the host is told why (a host from before this table just waits on).
                try? transaction.execute("INSERT INTO refusals (nickname, track_km) VALUES (?, ?)", [.text(nickname), .real(trackKm)])
                return (session, goal)
            }
            try SessionSchema.insertRunner(transaction, role: .mate, nickname: nickname, at: clock.now())
            return (session, nil)
        }
        if let goal = shortOf { throw RunRequestProblem.tooShort(trackKm: trackKm, goalKm: goal, mode: .race) }
        guard let mode = RunningMode(rawValue: try session.string("mode")) else {
            throw LiveSessionError.damaged(id: id.value, path: url.path)
        }
        let setting = RunningSetting(
            mode: mode, targetDistanceKm: try session.double("target_km"), myNickname: nickname,
            mateNickname: try session.string("host_nickname"), sessionID: id.value)
        let deadline = clock.now().addingTimeInterval(timing.inviteTimeoutSeconds)
        while try database.query("SELECT state FROM session").first?["state"]?.string != "running" {
            if clock.now() >= deadline {
                throw LiveSessionError.hostDidNotStart(id: id.value, seconds: timing.inviteTimeoutSeconds)
            }
            try await clock.sleep(seconds: timing.pollSeconds)
        }
        return LiveConnection(setting: setting, mate: feed(database, role: .mate))
    }

    /// Session files live in a shared folder and nobody else cleans it: files untouched for a day go.
    private func removeStaleSessions(olderThan seconds: Double = 86_400) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        let cutoff = Date().addingTimeInterval(-seconds)
        for name in names where name.hasPrefix("running-") && name.contains(".sqlite") {
            let path = directory.appendingPathComponent(name).path
            if let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date, modified < cutoff {
                try? manager.removeItem(atPath: path)
            }
        }
    }

    private func feed(_ database: SQLiteDatabase, role: SessionSchema.Role) -> SQLiteMateFeed {
        SQLiteMateFeed(database: database, role: role, clock: clock, disconnectAfterSeconds: timing.disconnectAfterSeconds)
    }
}
