import Foundation

/// One page of the reply history, newest first: pages from 1, a fixed number of replies a page, as the
/// run history pages.
public struct ReplyHistoryPage: Sendable, Equatable {
    public static let size = 5

    /// The replies on the page; none for a page past the end.
    public let entries: [HistoryEntry]
    /// From 1.
    public let number: Int
    /// At least 1, even when there are no replies.
    public let count: Int

    /// Page `number` (1 or more) of `entries` (already newest first).
    public init(_ entries: [HistoryEntry], number: Int) {
        count = max(1, entries.count / Self.size + (entries.count % Self.size == 0 ? 0 : 1))
        self.number = number
        let (skipped, overflow) = (max(1, number) - 1).multipliedReportingOverflow(by: Self.size)
        self.entries = overflow ? [] : Array(entries.dropFirst(skipped).prefix(Self.size))
    }

    /// Whether the page is past the last one.
    public var isPastTheEnd: Bool { number > count }
}
