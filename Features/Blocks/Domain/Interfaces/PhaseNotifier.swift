/// Tells the person a phase ended, beyond the terminal's bell: a desktop notification where a desktop session
/// is there (optional, and silent when there is none).
public protocol PhaseNotifier: Sendable {
    /// - Parameters:
    ///   - title: what runs, e.g. `Study`.
    ///   - phase: what begins, e.g. `Break, round 1 of 4`.
    func phaseEnded(title: String, phase: String)
}
