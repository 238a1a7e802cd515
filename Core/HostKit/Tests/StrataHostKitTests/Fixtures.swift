import Foundation
import StrataDI
import StrataHostKit
import Synchronization

protocol Greeter: Sendable {
    var serial: Int { get }
}

/// A class instance numbered by its factory, to tell instances apart even if memory is reused.
final class NumberedGreeter: Greeter {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

/// Counts factory calls from any thread.
final class FactoryCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts one call and returns its number, from 1.
    func next() -> Int { count.add(1, ordering: .sequentiallyConsistent).newValue }

    var calls: Int { count.load(ordering: .sequentiallyConsistent) }
}

/// Three services for dependency chains.
struct Alpha: Sendable {}
struct Beta: Sendable {}
struct Gamma: Sendable {}

struct Failure: Error, CustomStringConvertible {
    let description: String
}

func typeName<T>(_ type: T.Type) -> String { String(describing: type) }

extension Container {
    /// Resolves as the host, as most of these tests of the container do.
    func resolve<T>(_ type: T.Type = T.self, name: String? = nil) throws(DIError) -> T {
        try resolve(type, name: name, requester: .host)
    }
}

/// Runs `body` on `threads` threads released together, and returns when all have finished (without
/// blocking a thread of Swift's cooperative pool meanwhile).
func runConcurrently(threads: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    let finished = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<threads {
        finished.enter()
        Thread.detachNewThread {
            start.wait()
            body(index)
            finished.leave()
        }
    }
    for _ in 0..<threads { start.signal() }
    await withCheckedContinuation { continuation in
        finished.notify(queue: .global()) { continuation.resume() }
    }
}

extension Container {
    /// The DI tests act as the host: what they register without naming an owner is the host's.
    func register<T>(_ type: T.Type = T.self, name: String? = nil, scope: Scope = .transient,
                     factory: @escaping @Sendable (Resolver) throws -> T) throws(DIError) {
        try register(type, name: name, scope: scope, owner: .host, factory: factory)
    }
}
