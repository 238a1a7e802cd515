import BlocksDomain
import Foundation
import Synchronization

/// A clock that answers the instant it was given until a test moves it.
public final class FixedBlocksClock: BlocksClock, Sendable {
    private let current: Mutex<Date>

    public init(_ now: Date) {
        current = Mutex(now)
    }

    public func now() -> Date { current.withLock { $0 } }

    public func set(_ date: Date) { current.withLock { $0 = date } }

    public func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}
