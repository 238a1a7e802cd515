/// When a run is over, per mode.
///
/// - single: my distance ≥ target.
/// - race: my distance ≥ target. Each runner's race ends at their own goal (MateRunner's rule): the first
///   there wins, and the other runs on to the goal, or cancels.
/// - team: my distance + the mate's ≥ target.
public enum FinishRule {
    public static func isFinished(mode: RunningMode, targetKm: Double, myKm: Double, mateKm: Double) -> Bool {
        switch mode {
        case .single: myKm >= targetKm
        case .race: myKm >= targetKm
        case .team: myKm + mateKm >= targetKm
        }
    }
}
