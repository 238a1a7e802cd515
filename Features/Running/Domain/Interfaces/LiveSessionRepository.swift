/// A live run with a mate in another process: what was agreed and the line to the mate.
public struct LiveConnection: Sendable {
    public var setting: RunningSetting
    public var mate: any MateFeed

    public init(setting: RunningSetting, mate: any MateFeed) {
        self.setting = setting
        self.mate = mate
    }
}

/// Where two runners meet for a live race or team run.
public protocol LiveSessionRepository: Sendable {
    /// Opens session `id` for `setting` and waits for a mate to join (up to the invite timeout).
    /// `onOpen` is called once the session can be joined.
    func host(_ setting: RunningSetting, id: SessionID, onOpen: @Sendable () -> Void) async throws -> LiveConnection
    /// Joins session `id` as `nickname`; the mode and goal are the host's.
    func join(_ id: SessionID, nickname: String) async throws -> LiveConnection
}
