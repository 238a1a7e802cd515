import Foundation
@testable import RunningDomain

/// A live mate whose answers are scripted per run second; records what I published.
final class ScriptedMate: MateFeed, @unchecked Sendable {
    private let lock = NSLock()
    private let script: @Sendable (Int) -> MateStatus
    private var published: [RunnerProgress] = []

    init(script: @escaping @Sendable (Int) -> MateStatus) { self.script = script }

    var knownTotalKm: Double? { nil }

    func read(elapsedSeconds: Int) async throws -> MateStatus { script(elapsedSeconds) }

    func publish(_ progress: RunnerProgress) async throws {
        lock.withLock { published.append(progress) }
    }

    var publishedProgress: [RunnerProgress] {
        lock.lock()
        defer { lock.unlock() }
        return published
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
