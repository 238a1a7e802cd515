import Foundation

/// One run in the history.
public struct RunRecord: Sendable, Equatable, Codable {
    /// The storage's id, `nil` before it is saved.
    public var id: Int64?
    public var startedAt: Date
    public var result: RunningResult
    public var route: RouteSummary

    public init(id: Int64? = nil, startedAt: Date, result: RunningResult, route: RouteSummary) {
        self.id = id
        self.startedAt = startedAt
        self.result = result
        self.route = route
    }
}
