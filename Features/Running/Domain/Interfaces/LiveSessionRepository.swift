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
    /// Joins as `join(_:nickname:)` does, saying how long my track is, so that a race whose goal it can't
    /// reach is refused before it starts (nothing saved on either side).
    func join(_ id: SessionID, nickname: String, trackKm: Double) async throws -> LiveConnection
}

extension LiveSessionRepository {
    /// Where the session can't check the track before joining, the join use case checks it after.
    public func join(_ id: SessionID, nickname: String, trackKm: Double) async throws -> LiveConnection {
        try await join(id, nickname: nickname)
    }
}
