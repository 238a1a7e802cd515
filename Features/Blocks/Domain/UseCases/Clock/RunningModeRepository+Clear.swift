import FoundationEssentials

extension RunningModeRepository {
    /// Stops the running mode only if it is the given item (used after deleting that item).
    func clear(ifRunning kind: ModeKind, id: UUID) throws {
        if let mode = try load(), mode.kind == kind, mode.itemID == id {
            try clear()
        }
    }
}
