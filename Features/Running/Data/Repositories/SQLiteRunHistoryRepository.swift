import Foundation
import RunningDomain
import StrataStorage

/// The run history in the plugin's SQLite file: one row per run, written in one statement so a run is
/// saved whole or not at all.
public struct SQLiteRunHistoryRepository: RunHistoryRepository {
    private let database: SQLiteDatabase

    /// Opens the history in `database`, creating or upgrading its table.
    /// - Throws: `StorageError` if the schema can't be set up.
    public init(database: SQLiteDatabase) throws {
        self.database = database
        try database.migrate(Self.migrations)
    }

    static let migrations = [
        SQLiteMigration(
            version: 1,
            sql: """
                CREATE TABLE runs (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    started_at REAL NOT NULL,
                    mode TEXT NOT NULL,
                    target_km REAL NOT NULL,
                    distance_km REAL NOT NULL,
                    elapsed_seconds INTEGER NOT NULL,
                    calories REAL NOT NULL,
                    ending TEXT NOT NULL,
                    my_nickname TEXT NOT NULL,
                    mate_nickname TEXT,
                    mate_distance_km REAL,
                    mate_elapsed_seconds INTEGER,
                    route_name TEXT NOT NULL,
                    route_file TEXT NOT NULL,
                    route_points INTEGER NOT NULL,
                    route_segments INTEGER NOT NULL,
                    route_km REAL NOT NULL
                );
                CREATE INDEX runs_started_at ON runs (started_at);
                """),
        // A live mate who fell silent: the run went on alone.
        SQLiteMigration(version: 2, sql: "ALTER TABLE runs ADD COLUMN mate_lost INTEGER NOT NULL DEFAULT 0;"),
        // A race: when the mate reached the goal (each runner runs to their own; the first there wins).
        SQLiteMigration(version: 3, sql: "ALTER TABLE runs ADD COLUMN mate_finished_seconds INTEGER;"),
        // The second each kilometre was reached ("312,610,…"), and the metres climbed over the distance run.
        SQLiteMigration(
            version: 4,
            sql: """
                ALTER TABLE runs ADD COLUMN kilometre_seconds TEXT NOT NULL DEFAULT '';
                ALTER TABLE runs ADD COLUMN elevation_gain REAL;
                """),
    ]

    @discardableResult
    public func save(_ record: RunRecord) async throws -> RunRecord {
        let result = record.result, route = record.route
        let id = try database.transaction { transaction in
            try transaction.execute(
                """
                INSERT INTO runs (started_at, mode, target_km, distance_km, elapsed_seconds, calories, ending,
                    my_nickname, mate_nickname, mate_distance_km, mate_elapsed_seconds, mate_lost, mate_finished_seconds,
                    kilometre_seconds, elevation_gain, route_name, route_file, route_points, route_segments, route_km)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .real(record.startedAt.timeIntervalSince1970), .text(result.mode.rawValue),
                    .real(result.targetDistanceKm), .real(result.distanceKm), SQLiteValue(result.elapsedSeconds),
                    .real(result.calories), .text(result.ending.rawValue), .text(result.myNickname),
                    SQLiteValue(result.mate?.nickname), SQLiteValue(result.mate?.distanceKm),
                    SQLiteValue(result.mate?.elapsedSeconds), SQLiteValue(result.mate?.lost == true ? 1 : 0),
                    SQLiteValue(result.mate?.finishedAtSeconds),
                    .text(result.kilometreSeconds.map(String.init).joined(separator: ",")), SQLiteValue(result.elevationGainMeters),
                    .text(route.name), .text(route.fileName),
                    SQLiteValue(route.pointCount), SQLiteValue(route.segmentCount), .real(route.lengthKm),
                ])
            return transaction.lastInsertRowID
        }
        var saved = record
        saved.id = id
        return saved
    }

    public func allRuns() async throws -> [RunRecord] {
        try database.query("SELECT * FROM runs ORDER BY started_at DESC, id DESC").map(Self.record)
    }

    private static func record(_ row: SQLiteRow) throws -> RunRecord {
        guard let mode = RunningMode(rawValue: try row.string("mode")),
            let ending = RunEnding(rawValue: try row.string("ending"))
        else {
            throw StorageError(message: "run \(row["id"]?.int64 ?? -1) has an unknown mode or ending; was it written by a newer Strata?")
        }
        let mateDistance = try row.optionalDouble("mate_distance_km")
        let mate = mateDistance.map {
            MateResult(
                nickname: row["mate_nickname"]?.string, distanceKm: $0,
                elapsedSeconds: row["mate_elapsed_seconds"]?.int ?? 0, lost: row["mate_lost"]?.int == 1,
                finishedAtSeconds: row["mate_finished_seconds"]?.int)
        }
        let result = RunningResult(
            mode: mode, targetDistanceKm: try row.double("target_km"),
            distanceKm: try row.double("distance_km"),
            elapsedSeconds: try row.int("elapsed_seconds"), calories: try row.double("calories"),
            ending: ending, myNickname: try row.string("my_nickname"), mate: mate,
            kilometreSeconds: (row["kilometre_seconds"]?.string ?? "").split(separator: ",").compactMap { Int($0) },
            elevationGainMeters: try row.optionalDouble("elevation_gain"))
        let route = RouteSummary(
            name: try row.string("route_name"), fileName: try row.string("route_file"),
            pointCount: try row.int("route_points"), segmentCount: try row.int("route_segments"),
            lengthKm: try row.double("route_km"))
        return RunRecord(
            id: try row.int64("id"), startedAt: Date(timeIntervalSince1970: try row.double("started_at")),
            result: result, route: route)
    }
}
