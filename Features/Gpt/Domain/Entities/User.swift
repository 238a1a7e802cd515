/// A local person using the feature, with the uses counted on the day they last used it.
public struct User: Sendable, Hashable {
    public var id: String
    public var name: String
    /// Uses on `lastUsedDate`; meaningless on any other day.
    public var usedCount: Int
    /// The calendar day (in the user's time zone) of the last recorded use, `nil` if never used.
    public var lastUsedDate: CalendarDay?

    public init(id: String, name: String, usedCount: Int = 0, lastUsedDate: CalendarDay? = nil) {
        self.id = id
        self.name = name
        self.usedCount = usedCount
        self.lastUsedDate = lastUsedDate
    }

    /// Uses on `day`: a last use on another day counts as none.
    public func uses(on day: CalendarDay) -> Int {
        lastUsedDate == day ? usedCount : 0
    }
}
