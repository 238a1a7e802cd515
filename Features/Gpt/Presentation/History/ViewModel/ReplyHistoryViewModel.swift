import Foundation
import GptDomain
import Observation

/// The replies received so far, newest first, and forgetting them (LuckyVicky's "delete account").
@MainActor @Observable
public final class ReplyHistoryViewModel {
    public private(set) var entries: [HistoryEntry] = []
    public private(set) var errorMessage: String?
    /// Whether the history has been read at least once (before that, the screen shows it is loading).
    public private(set) var isLoaded = false

    @ObservationIgnored private let fetchHistory: any FetchReplyHistoryUseCase
    @ObservationIgnored private let forgetUser: any ForgetUserUseCase
    @ObservationIgnored private let timeZone: TimeZone

    public init(fetchHistory: any FetchReplyHistoryUseCase, forgetUser: any ForgetUserUseCase, timeZone: TimeZone) {
        self.fetchHistory = fetchHistory
        self.forgetUser = forgetUser
        self.timeZone = timeZone
    }

    public func load() async {
        do {
            entries = try await fetchHistory.execute()
            errorMessage = nil
        } catch {
            errorMessage = "The history can't be read: \(error)"
        }
        isLoaded = true
    }

    /// Deletes the history and today's uses, then shows the empty history.
    public func forget() async {
        do {
            try await forgetUser.execute()
            await load()
        } catch {
            errorMessage = "Your data couldn't be deleted: \(error)"
        }
    }

    /// `2026-03-10 23:30`, in the policy's time zone.
    public func dateText(_ entry: HistoryEntry) -> String { UsageFormatting.minute(entry.askedAt, in: timeZone) }

    /// The whole entry, for its dialog: the trouble, then the reply.
    public func fullText(_ entry: HistoryEntry) -> String {
        "Trouble: \(entry.trouble)\n\n\(entry.reply)" + (entry.isTruncated ? "\n\n(cut off at the model's length limit)" : "")
    }
}
