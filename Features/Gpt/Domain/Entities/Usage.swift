import Foundation

/// How many of today's uses are spent, out of the daily limit, and when the count starts again.
public struct Usage: Sendable, Hashable {
    public var used: Int
    public var limit: Int
    /// The start of the next day in the user's time zone.
    public var resetsAt: Date

    public init(used: Int, limit: Int, resetsAt: Date) {
        self.used = used
        self.limit = limit
        self.resetsAt = resetsAt
    }

    public var remaining: Int { max(0, limit - used) }
    public var isExhausted: Bool { used >= limit }
}
