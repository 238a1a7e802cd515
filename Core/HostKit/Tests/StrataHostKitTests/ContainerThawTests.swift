import Testing
import StrataDI
import StrataHostKit

@Suite struct ContainerThawTests {
    final class Service: Sendable {}

    @Test func aThawedContainerTakesNewRegistrationsAndKeepsItsSingletons() throws {
        let container = Container()
        try container.register(Service.self, scope: .singleton, owner: .host) { _ in Service() }
        container.freeze()
        let before = try container.resolve(Service.self)
        #expect(throws: DIError.self) { try container.register(Int.self, owner: .plugin("late")) { _ in 1 } }

        container.thaw()
        try container.register(Int.self, owner: .plugin("late")) { _ in 42 }
        #expect(try container.resolve(Service.self) === before, "the singleton built before stays the one")
        container.freeze()

        #expect(try container.resolve(Int.self) == 42)
        #expect(try container.resolve(Service.self) === before)
        #expect(container.isFrozen)
    }
}
