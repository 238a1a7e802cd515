import Foundation

/// A use held for a request that is under way: it counts against its day's limit until it is confirmed
/// (the reply arrived) or released (the request failed or was cancelled).
public struct UseReservation: Sendable, Hashable {
    public let id: Int64
    public let userID: String
    /// The day the use was checked on, and the day it counts on even if the reply arrives after midnight.
    public let day: CalendarDay

    public init(id: Int64, userID: String, day: CalendarDay) {
        self.id = id
        self.userID = userID
        self.day = day
    }
}

/// Keeps each local user's uses, day by day.
///
/// Checking the limit and counting a use are one step (`reserveUse`), atomic across processes, so N
/// processes racing for M remaining uses get exactly M. Each use belongs to one day, so recording one never
/// changes another day's count. A reservation that is neither confirmed nor released (its process died)
/// stops counting once the repository's reservation lifetime has passed.
public protocol UsageRepository: Sendable {
    /// The uses counted on `day` as of `now`: confirmed ones and reservations still in force.
    func uses(userID: String, on day: CalendarDay, at now: Date) async throws -> Int

    /// Holds one of `day`'s `limit` uses for a request about to be sent, or returns `nil` when none is left.
    func reserveUse(userID: String, on day: CalendarDay, limit: Int, at now: Date) async throws -> UseReservation?

    /// Makes the reservation a use. Returns the uses now counted on its day.
    func confirm(_ reservation: UseReservation) async throws -> Int

    /// Gives the reservation back: the request cost nothing.
    func release(_ reservation: UseReservation) async throws

    /// Deletes every use of the user, on every day (the user asked to be forgotten).
    func forget(userID: String) async throws
}
