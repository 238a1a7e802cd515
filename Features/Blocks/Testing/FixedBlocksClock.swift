import BlocksDomain
import Foundation

/// A clock that answers the instant it was given until a test moves it.
public final class FixedBlocksClock: BlocksClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    public init(_ now: Date) {
        current = now
    }

    public func now() -> Date { lock.withLock { current } }

    public func set(_ date: Date) { lock.withLock { current = date } }

    public func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}
