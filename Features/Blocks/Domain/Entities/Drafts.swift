/// What a person typed to create or edit a block; validated by the use cases.
public struct BlockDraft: Sendable, Hashable {
    public var title: String
    /// `nil` while the length is not chosen yet.
    public var hours: Int?

    public init(title: String, hours: Int?) {
        self.title = title
        self.hours = hours
    }
}

/// What a person typed to create or edit a daily schedule; validated by the use cases.
public struct DailyDraft: Sendable, Hashable {
    public var title: String
    public var startSeconds: Int
    public var repeatCount: Int
    public var focusSeconds: Int
    public var breakSeconds: Int

    public init(title: String, startSeconds: Int, repeatCount: Int, focusSeconds: Int, breakSeconds: Int) {
        self.title = title
        self.startSeconds = startSeconds
        self.repeatCount = repeatCount
        self.focusSeconds = focusSeconds
        self.breakSeconds = breakSeconds
    }
}

/// What a person typed to create or edit a timer; validated by the use cases.
public struct TimerDraft: Sendable, Hashable {
    public var title: String
    public var durationSeconds: Int

    public init(title: String, durationSeconds: Int) {
        self.title = title
        self.durationSeconds = durationSeconds
    }
}
