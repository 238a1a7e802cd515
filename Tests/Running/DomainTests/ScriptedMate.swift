import Foundation
@testable import RunningDomain
import Synchronization

/// A live mate whose answers are scripted per run second; records what I published.
final class ScriptedMate: MateFeed, Sendable {
    private let script: @Sendable (Int) -> MateStatus
    private let published = Mutex<[RunnerProgress]>([])

    init(script: @escaping @Sendable (Int) -> MateStatus) { self.script = script }

    var knownTotalKm: Double? { nil }

    func read(elapsedSeconds: Int) async throws -> MateStatus { script(elapsedSeconds) }

    func publish(_ progress: RunnerProgress) async throws {
        published.withLock { $0.append(progress) }
    }

    var publishedProgress: [RunnerProgress] {
        published.withLock { $0 }
    }

    static func running(kmPerSecond: Double, status: @escaping @Sendable (Int) -> RunnerStatus = { _ in .running },
                        connected: @escaping @Sendable (Int) -> Bool = { _ in true }) -> ScriptedMate {
        ScriptedMate { second in
            MateStatus(nickname: "kim", progress: RunnerProgress(
                data: RealTimeData(elapsedDistanceKm: Double(second) * kmPerSecond, elapsedSeconds: second),
                status: status(second)), isConnected: connected(second))
        }
    }
}
