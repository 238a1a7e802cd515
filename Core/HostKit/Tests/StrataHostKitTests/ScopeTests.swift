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

    @Test func sameOwnerMayReplaceItsRegistration() throws {
        let container = Container()
        try container.register(String.self, owner: .plugin("alpha")) { _ in "first" }
        try container.register(String.self, owner: .plugin("alpha")) { _ in "second" }

        #expect(try container.resolve(String.self) == "second")
        #expect(container.registrations.count == 1)
    }
}
