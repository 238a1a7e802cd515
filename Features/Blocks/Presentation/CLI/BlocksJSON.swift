import BlocksDomain
import FoundationEssentials

/// The JSON shapes of `--json` output. Dates are ISO 8601 in UTC.
public enum BlocksJSON {
    public struct BlockItem: Encodable, Sendable, Hashable {
        public let id: String
        public let title: String
        public let hours: Int
        public let blocksPerDay: Int
        public let createdAt: String

        public init(_ block: Block) {
            id = block.id.uuidString
            title = block.title
            hours = block.length.hours
            blocksPerDay = block.length.blocksPerDay
            createdAt = BlocksJSON.timestamp(block.createdAt)
        }
    }

    public struct DailyItem: Encodable, Sendable, Hashable {
        public let id: String
        public let title: String
        public let start: String
        public let startSeconds: Int
        public let repeatCount: Int
        public let focusSeconds: Int
        public let breakSeconds: Int
        public let createdAt: String

        public init(_ daily: Daily) {
            id = daily.id.uuidString
            title = daily.title
            start = ClockTimeText.text(daily.startSeconds)
            startSeconds = daily.startSeconds
            repeatCount = daily.repeatCount
            focusSeconds = daily.focusSeconds
            breakSeconds = daily.breakSeconds
            createdAt = BlocksJSON.timestamp(daily.createdAt)
        }
    }

    public struct TimerItem: Encodable, Sendable, Hashable {
        public let id: String
        public let title: String
        public let durationSeconds: Int
        public let createdAt: String

        public init(_ timer: FocusTimer) {
            id = timer.id.uuidString
            title = timer.title
            durationSeconds = timer.durationSeconds
            createdAt = BlocksJSON.timestamp(timer.createdAt)
        }
    }

    /// `strata clock --json`. When nothing runs, `running` is false and the other keys are `null`.
    public struct Clock: Encodable, Sendable {
        public let state: ClockState?

        public init(_ state: ClockState?) { self.state = state }

        private enum Key: String, CodingKey {
            case running, mode, id, title, phase, remainingSeconds, remaining, phaseEndsAt, startedAt, round, rounds
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(state != nil, forKey: .running)
            try container.encode(state?.mode.kind.rawValue, forKey: .mode)
            try container.encode(state?.mode.itemID.uuidString, forKey: .id)
            try container.encode(state?.title, forKey: .title)
            try container.encode(state?.phase.rawValue, forKey: .phase)
            try container.encode(state?.remainingSeconds, forKey: .remainingSeconds)
            try container.encode(state?.remaining.description, forKey: .remaining)
            try container.encode(state.map { BlocksJSON.timestamp($0.phaseEndsAt) }, forKey: .phaseEndsAt)
            try container.encode(state.map { BlocksJSON.timestamp($0.mode.startedAt) }, forKey: .startedAt)
            try container.encode(state?.round, forKey: .round)
            try container.encode(state?.rounds, forKey: .rounds)
        }
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
