import StrataDI
import StrataHostKit
import Testing

@Suite struct ScopeTests {
    @Test func transientBuildsANewInstanceForEveryResolution() throws {
        let container = Container()
        let counter = FactoryCounter()
        try container.register((any Greeter).self) { _ in NumberedGreeter(serial: counter.next()) }

        let first = try container.resolve((any Greeter).self)
        let second = try container.resolve((any Greeter).self)

        #expect(first.serial == 1)
        #expect(second.serial == 2)
        #expect(counter.calls == 2)
    }

    @Test func singletonIsBuiltOnceAndShared() throws {
        let container = Container()
        let counter = FactoryCounter()
        try container.register((any Greeter).self, scope: .singleton) { _ in NumberedGreeter(serial: counter.next()) }

        let first = try container.resolve((any Greeter).self)
        let second = try container.resolve((any Greeter).self)
        container.freeze()
        let third = try container.resolve((any Greeter).self)

        #expect([first.serial, second.serial, third.serial] == [1, 1, 1])
        let sameObject = (first as AnyObject) === (third as AnyObject)
        #expect(sameObject)
        #expect(counter.calls == 1)
    }

    @Test func weakIsSharedWhileHeldAndRebuiltAfterTheLastHolderLetsGo() throws {
        let container = Container()
        let counter = FactoryCounter()
        try container.register((any Greeter).self, scope: .weak) { _ in NumberedGreeter(serial: counter.next()) }

        weak var released: NumberedGreeter?
        do {
            let first = try container.resolve((any Greeter).self)
            let second = try container.resolve((any Greeter).self)
            #expect(first.serial == 1)
            #expect(second.serial == 1)
            released = first as? NumberedGreeter
            #expect(released != nil)
        }
        #expect(released == nil, "the container kept a strong reference to a weak-scoped instance")

        let rebuilt = try container.resolve((any Greeter).self)

        #expect(rebuilt.serial == 2)
        #expect(counter.calls == 2)
    }

    @Test func weakScopeRefusesAValueType() throws {
        let container = Container()
        try container.register(Int.self, scope: .weak, owner: .plugin("delta")) { _ in 42 }

        #expect(throws: DIError.weakScopeNeedsClass(type: "Int", name: nil, owner: .plugin("delta"))) {
            try container.resolve(Int.self)
        }
    }

    @Test func namesTellRegistrationsOfOneTypeApart() throws {
        let container = Container()
        try container.register(String.self) { _ in "unnamed" }
        try container.register(String.self, name: "english") { _ in "hello" }
        try container.register(String.self, name: "french") { _ in "bonjour" }

        #expect(try container.resolve(String.self) == "unnamed")
        #expect(try container.resolve(String.self, name: "english") == "hello")
        #expect(try container.resolve(String.self, name: "french") == "bonjour")
    }

    @Test func factoriesResolveTheirDependenciesThroughTheResolver() throws {
        let container = Container()
        try container.register(Int.self, name: "port") { _ in 8080 }
        try container.register(String.self) { resolver in "127.0.0.1:\(try resolver.resolve(Int.self, name: "port"))" }

        #expect(try container.resolve(String.self) == "127.0.0.1:8080")
    }

    /// A nested transient resolve has the factory build its value straight into the caller's storage (the
    /// factory called as one returning the type asked for): values of every size and kind arrive whole,
    /// frozen or not, and the instances they hold are released once.
    @Test(arguments: [false, true])
    func nestedTransientValuesOfEveryLayoutArriveWhole(frozen: Bool) throws {
        struct Wide: Equatable, Sendable { let a: Int, b: String, c: [Int], d: Double, e: Int8 }
        final class Tracked: Sendable {
            let counter: FactoryCounter
            init(_ counter: FactoryCounter) { self.counter = counter }
            deinit { _ = counter.next() }
        }
        let container = Container()
        let released = FactoryCounter()
        let wide = Wide(a: 1, b: String(repeating: "wide ", count: 10), c: [2, 3], d: 4.5, e: -6)
        try container.register(Int8.self, owner: .host) { _ in -7 }
        try container.register(Wide.self, owner: .host) { _ in wide }
        try container.register((any Greeter).self, owner: .host) { _ in NumberedGreeter(serial: 42) }
        try container.register(Tracked.self, owner: .host) { _ in Tracked(released) }
        try container.register(String?.self, owner: .host) { _ in nil }
        try container.register(String.self, owner: .host) { resolver in
            let (small, large, greeter) = try (resolver.resolve(Int8.self), resolver.resolve(Wide.self), resolver.resolve((any Greeter).self))
            let tracked: Tracked = try resolver.resolve()
            let nothing: String? = try resolver.resolve()
            return "\(small) \(large == wide) \(greeter.serial) \(tracked.counter === released) \(nothing ?? "nil")"
        }
        if frozen { container.freeze() }

        for _ in 0..<3 { #expect(try container.resolve(String.self) == "-7 true 42 true nil") }
        #expect(released.calls == 3)
    }

    @Test func sameOwnerMayReplaceItsRegistration() throws {
        let container = Container()
        try container.register(String.self, owner: .plugin("alpha")) { _ in "first" }
        try container.register(String.self, owner: .plugin("alpha")) { _ in "second" }

        #expect(try container.resolve(String.self) == "second")
        #expect(container.registrations.count == 1)
    }
}
