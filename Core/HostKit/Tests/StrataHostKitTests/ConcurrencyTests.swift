import Foundation
import StrataDI
import StrataHostKit
import Synchronization
import Testing

@Suite struct ConcurrencyTests {
    /// A factory slow enough that threads pile up on an unbuilt singleton.
    static func slowGreeter(_ counter: FactoryCounter) -> NumberedGreeter {
        let serial = counter.next()
        var spin = 0
        for step in 0..<200_000 { spin &+= step }
        return NumberedGreeter(serial: serial + (spin == -1 ? 1 : 0))
    }

    @Test(arguments: [true, false])
    func aSingletonResolvedBy8ThreadsTenThousandTimesIsBuiltOnce(frozen: Bool) async throws {
        let container = Container()
        let counter = FactoryCounter()
        try container.register((any Greeter).self, scope: .singleton) { _ in Self.slowGreeter(counter) }
        if frozen { container.freeze() }
        let failures = Atomic<Int>(0)
        let wrongInstances = Atomic<Int>(0)

        await runConcurrently(threads: 8) { _ in
            for _ in 0..<10_000 {
                do {
                    let greeter = try container.resolve((any Greeter).self)
                    if greeter.serial != 1 { wrongInstances.add(1, ordering: .relaxed) }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }

        #expect(counter.calls == 1)
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(wrongInstances.load(ordering: .relaxed) == 0)
    }

    @Test func concurrentTransientResolutionsEachBuildTheirOwnInstance() async throws {
        let container = Container()
        let counter = FactoryCounter()
        try container.register((any Greeter).self) { _ in NumberedGreeter(serial: counter.next()) }
        container.freeze()
        let serials = Mutex<Set<Int>>([])

        await runConcurrently(threads: 8) { _ in
            var mine: [Int] = []
            for _ in 0..<1_000 {
                if let greeter = try? container.resolve((any Greeter).self) { mine.append(greeter.serial) }
            }
            serials.withLock { $0.formUnion(mine) }
        }

        #expect(counter.calls == 8_000)
        #expect(serials.withLock { $0.count } == 8_000)
    }

    @Test func concurrentRegistrationsBeforeFreezingAreAllKept() async throws {
        let container = Container()

        await runConcurrently(threads: 8) { thread in
            for index in 0..<250 {
                try? container.register(Int.self, name: "t\(thread)-\(index)", owner: .plugin("p\(thread)")) { _ in index }
            }
        }

        #expect(container.registrations.count == 2_000)
        #expect(try container.resolve(Int.self, name: "t7-249") == 249)
    }

    @Test func aWeakInstanceResolvedConcurrentlyIsShared() async throws {
        let container = Container()
        let counter = FactoryCounter()
        try container.register((any Greeter).self, scope: .weak) { _ in Self.slowGreeter(counter) }
        container.freeze()
        let holder = try container.resolve((any Greeter).self)
        let mismatches = Atomic<Int>(0)

        await runConcurrently(threads: 8) { _ in
            for _ in 0..<1_000 where (try? container.resolve((any Greeter).self))?.serial != holder.serial {
                mismatches.add(1, ordering: .relaxed)
            }
        }

        #expect(counter.calls == 1)
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }
}
