/// Keeps each local user's count of uses.
///
/// `recordUse` must be atomic across processes: two uses recorded at once count twice.
public protocol UsageRepository: Sendable {
    /// The user's record; a user never seen has no uses.
    func user(id: String) async throws -> User

    /// Adds one use on `day` (restarting the count at 1 when the last use was on another day) and returns
    /// the updated record.
    func recordUse(userID: String, on day: CalendarDay) async throws -> User
}
