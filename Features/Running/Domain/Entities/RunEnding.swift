/// How a run ended.
public enum RunEnding: String, Sendable, Codable {
    /// The goal of the mode was reached.
    case finished
    /// I stopped the run.
    case cancelled
    /// The mate stopped the run.
    case cancelledByMate
    /// The tracks ran out before the goal could be reached.
    case trackEnded
}
