/// What a run is about to be: its mode, goal and who takes part.
public struct RunningSetting: Sendable, Equatable, Codable {
    public var mode: RunningMode
    public var targetDistanceKm: Double
    public var myNickname: String
    public var mateNickname: String?
    public var sessionID: String?

    public init(
        mode: RunningMode, targetDistanceKm: Double, myNickname: String,
        mateNickname: String? = nil, sessionID: String? = nil
    ) {
        self.mode = mode
        self.targetDistanceKm = targetDistanceKm
        self.myNickname = myNickname
        self.mateNickname = mateNickname
        self.sessionID = sessionID
    }
}
