import StrataPluginKit
import Synchronization
import Testing

/// A typed composition root's singleton: made on first use, kept, and made again after a make that threw.
@Suite struct LazySingletonTests {
    struct Refused: Error {}

    final class Made: Sendable {}

    @Test func theValueIsMadeOnceAndKept() {
        let singleton = LazySingleton<Made>()
        let makes = Mutex(0)
        let first = singleton {
            makes.withLock { $0 += 1 }
            return Made()
        }
        let second = singleton {
            makes.withLock { $0 += 1 }
            return Made()
        }
        #expect(first === second)
        #expect(makes.withLock { $0 } == 1)
    }

    @Test func aMakeThatThrowsKeepsNothing() {
        let singleton = LazySingleton<Made>()
        #expect(throws: Refused.self) { try singleton { () throws(Refused) -> Made in throw Refused() } }
        let made = Made()
        #expect(singleton { made } === made)
    }
}
