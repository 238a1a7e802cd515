/// One page of the run history, newest first, as MateRunner pages it: five runs a page.
public struct HistoryPage: Sendable, Equatable {
    public static let size = 5

    public let runs: [RunRecord]
    /// From 1.
    public let number: Int
    /// At least 1, even when there are no runs.
    public let count: Int

    /// Page `number` of `runs` (already newest first); a number past the end gives the last page.
    public init(_ runs: [RunRecord], number: Int) {
        count = max(1, (runs.count + Self.size - 1) / Self.size)
        self.number = min(max(1, number), count)
        self.runs = Array(runs.dropFirst((self.number - 1) * Self.size).prefix(Self.size))
    }

    public var hasNext: Bool { number < count }
}
