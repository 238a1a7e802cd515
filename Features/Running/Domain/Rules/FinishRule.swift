/// When a run is over, per mode.
///
/// - single: my distance ≥ target.
/// - race: my distance ≥ target, or the mate's (the first to the goal ends the race for both).
/// - team: my distance + the mate's ≥ target.
public enum FinishRule {
    public static func isFinished(mode: RunningMode, targetKm: Double, myKm: Double, mateKm: Double) -> Bool {
        switch mode {
        case .single: myKm >= targetKm
        case .race: myKm >= targetKm || mateKm >= targetKm
        case .team: myKm + mateKm >= targetKm
        }
    }
}
