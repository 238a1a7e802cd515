import StrataDI
import StrataHostKit
import Testing

@Suite struct FreezeTests {
    @Test func aRegistrationAfterFreezingIsRefusedAndResolutionStillWorks() throws {
        let container = Container()
        try container.register(Int.self) { _ in 7 }
        #expect(!container.isFrozen)

        container.freeze()

        #expect(container.isFrozen)
        #expect(throws: DIError.frozen(type: "String", name: "late", attemptedBy: .plugin("alpha"))) {
            try container.register(String.self, name: "late", owner: .plugin("alpha")) { _ in "" }
        }
        #expect(throws: DIError.frozen(type: "Int", name: nil, attemptedBy: .host)) {
            try container.register(Int.self) { _ in 8 }
        }
        #expect(try container.resolve(Int.self) == 7)
        #expect(container.registrations.count == 1)
    }

    @Test func everyRegistrationOfABigFrozenTableResolvesToItsOwnFactory() throws {
        let container = Container()
        for index in 0..<300 {
            try container.register(Int.self, name: "n\(index)", scope: index.isMultiple(of: 2) ? .singleton : .transient) { _ in index }
            try container.register(String.self, name: "n\(index)") { _ in "s\(index)" }
        }
        try container.register(Int.self) { _ in -1 }
        container.freeze()

        let wrong = try (0..<300).filter { index in
            try container.resolve(Int.self, name: "n\(index)") != index || container.resolve(String.self, name: "n\(index)") != "s\(index)"
        }
        #expect(wrong.isEmpty)
        #expect(try container.resolve(Int.self) == -1)
        #expect(throws: DIError.self) { try container.resolve(Int.self, name: "n300") }
        #expect(throws: DIError.self) { try container.resolve(Double.self, name: "n1") }
    }

    @Test func nothingIsRemovedOnceFrozen() throws {
        let container = Container()
        try container.register(Int.self, owner: .plugin("alpha")) { _ in 7 }
        container.freeze()

        #expect(container.removeRegistrations(ownedBy: .plugin("alpha")) == 0)
        #expect(try container.resolve(Int.self) == 7)
    }

    @Test func freezingTwiceKeepsTheFirstTable() throws {
        let container = Container()
        try container.register(Int.self) { _ in 7 }
        container.freeze()
        container.freeze()

        #expect(try container.resolve(Int.self) == 7)
        #expect(container.registrations.count == 1)
    }

    @Test func notRegisteredAfterFreezingStillListsNearbyRegistrations() throws {
        let container = Container()
        try container.register(Int.self, name: "port") { _ in 80 }
        container.freeze()

        #expect(throws: DIError.notRegistered(type: "Int", name: "ports", requester: .host, sameTypeOtherNames: ["port"], sameNameOtherTypes: [])) {
            try container.resolve(Int.self, name: "ports")
        }
    }
}
