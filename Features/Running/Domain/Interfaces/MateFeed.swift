/// The other runner of a race or team run: a ghost track or a live mate.
public protocol MateFeed: Sendable {
    /// The mate's whole distance when it is known in advance (a ghost), `nil` for a live mate.
    var knownTotalKm: Double? { get }
    /// The mate as of my run's second `elapsedSeconds`.
    func read(elapsedSeconds: Int) async throws -> MateStatus
    /// Tells the mate where I am.
    func publish(_ progress: RunnerProgress) async throws
}
