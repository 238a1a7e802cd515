import Foundation
import RunningDomain
import StrataStorage

/// The mate in another process, through the shared session file: I write my row, I read theirs.
struct SQLiteMateFeed: MateFeed {
    let database: SQLiteDatabase
    let role: SessionSchema.Role
    let clock: any RunClock
    let disconnectAfterSeconds: Double

    var knownTotalKm: Double? { nil }

    func read(elapsedSeconds: Int) async throws -> MateStatus {
        guard let row = try database.query("SELECT * FROM runners WHERE role = ?", [.text(role.other.rawValue)]).first else {
            throw StorageError(message: "the mate's row is missing from the session file", path: database.path)
        }
        let data = RealTimeData(elapsedDistanceKm: try row.double("distance_km"), elapsedSeconds: try row.int("elapsed_seconds"))
        let status = RunnerStatus(rawValue: try row.string("status")) ?? .running
        let silence = clock.now().timeIntervalSince1970 - (try row.double("updated_at"))
        return MateStatus(
            nickname: try row.string("nickname"), progress: RunnerProgress(data: data, status: status),
            isConnected: silence <= disconnectAfterSeconds)
    }

    func publish(_ progress: RunnerProgress) async throws {
        try database.execute(
            """
            UPDATE runners SET distance_km = ?, elapsed_seconds = ?, status = ?, updated_at = ? WHERE role = ?
            """,
            [
                .real(progress.data.elapsedDistanceKm), SQLiteValue(progress.data.elapsedSeconds),
                .text(progress.status.rawValue), .real(clock.now().timeIntervalSince1970), .text(role.rawValue),
            ])
    }
}
