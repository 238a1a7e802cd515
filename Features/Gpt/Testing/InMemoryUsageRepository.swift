import Foundation
import GptDomain
import Synchronization

/// Usage kept in memory, one entry per use. Confirming can be made to fail, and calls are counted so a
/// test can tell whether a use was recorded or given back.
public final class InMemoryUsageRepository: UsageRepository {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    private struct Use {
        let userID: String
        let day: CalendarDay
        var confirmed: Bool
    }

    private struct State {
        var uses: [Int64: Use] = [:]
        var nextID: Int64 = 1
        var recordFailure: Failure?
        var readFailure: Failure?
        var recordCalls = 0
        var releaseCalls = 0
    }

    private let state: Mutex<State>

    /// - Parameter users: each user's `usedCount` confirmed uses on their `lastUsedDate`.
    public init(users: [User] = [], recordFailure: Failure? = nil, readFailure: Failure? = nil) {
        var initial = State(recordFailure: recordFailure, readFailure: readFailure)
        for user in users {
            guard let day = user.lastUsedDate else { continue }
            for _ in 0..<user.usedCount {
                initial.uses[initial.nextID] = Use(userID: user.id, day: day, confirmed: true)
                initial.nextID += 1
            }
        }
        state = Mutex(initial)
    }

    /// How many times `confirm` was called (failed calls included).
    public var recordCalls: Int { state.withLock { $0.recordCalls } }
    /// How many times `release` was called.
    public var releaseCalls: Int { state.withLock { $0.releaseCalls } }

    /// Confirmed uses of `userID` on `day`.
    public func confirmed(_ userID: String, on day: CalendarDay) -> Int {
        state.withLock { $0.uses.values.filter { $0.userID == userID && $0.day == day && $0.confirmed }.count }
    }

    public func uses(userID: String, on day: CalendarDay, at now: Date) async throws -> Int {
        try state.withLock { state in
            if let failure = state.readFailure { throw failure }
            return state.uses.values.filter { $0.userID == userID && $0.day == day }.count
        }
    }

    public func reserveUse(userID: String, on day: CalendarDay, limit: Int, at now: Date) async throws -> UseReservation? {
        try state.withLock { state in
            if let failure = state.readFailure { throw failure }
            guard state.uses.values.filter({ $0.userID == userID && $0.day == day }).count < limit else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.uses[id] = Use(userID: userID, day: day, confirmed: false)
            return UseReservation(id: id, userID: userID, day: day)
        }
    }

    public func confirm(_ reservation: UseReservation) async throws -> Int {
        try state.withLock { state in
            state.recordCalls += 1
            if let failure = state.recordFailure { throw failure }
            state.uses[reservation.id]?.confirmed = true
            return state.uses.values.filter { $0.userID == reservation.userID && $0.day == reservation.day && $0.confirmed }.count
        }
    }

    public func release(_ reservation: UseReservation) async throws {
        state.withLock { state in
            state.releaseCalls += 1
            if state.uses[reservation.id]?.confirmed == false { state.uses[reservation.id] = nil }
        }
    }

    public func forget(userID: String) async throws {
        state.withLock { state in state.uses = state.uses.filter { $0.value.userID != userID } }
    }
}
