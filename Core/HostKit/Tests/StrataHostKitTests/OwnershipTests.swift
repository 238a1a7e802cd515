import StrataDI
import StrataHostKit
import Testing

@Suite struct OwnershipTests {
    @Test func aPluginCannotReplaceAHostRegistration() throws {
        let container = Container()
        try container.register(String.self, name: "user-agent") { _ in "strata" }

        let error = #expect(throws: DIError.self) {
            try container.register(String.self, name: "user-agent", owner: .plugin("alpha")) { _ in "evil" }
        }

        #expect(error == .ownedByOther(type: "String", name: "user-agent", owner: .host, attemptedBy: .plugin("alpha")))
        let message = try #require(error?.description)
        #expect(message.contains("host") && message.contains("plugin 'alpha'"))
        #expect(try container.resolve(String.self, name: "user-agent") == "strata")
    }

    @Test func aPluginCannotReplaceAnotherPluginsRegistration() throws {
        let container = Container()
        try container.register(Int.self, owner: .plugin("beta")) { _ in 1 }

        #expect(throws: DIError.ownedByOther(type: "Int", name: nil, owner: .plugin("beta"), attemptedBy: .plugin("gamma"))) {
            try container.register(Int.self, owner: .plugin("gamma")) { _ in 2 }
        }
        #expect(try container.resolve(Int.self) == 1)
    }

    @Test func theHostCannotReplaceAPluginsRegistrationEither() throws {
        let container = Container()
        try container.register(Int.self, owner: .plugin("beta")) { _ in 1 }

        #expect(throws: DIError.ownedByOther(type: "Int", name: nil, owner: .plugin("beta"), attemptedBy: .host)) {
            try container.register(Int.self) { _ in 2 }
        }
    }

    @Test func removingAnOwnersRegistrationsLeavesTheOthers() throws {
        let container = Container()
        try container.register(Int.self) { _ in 1 }
        try container.register(String.self, owner: .plugin("alpha")) { _ in "alpha" }
        try container.register(Double.self, name: "rating", owner: .plugin("alpha")) { _ in 7.5 }
        try container.register(Bool.self, owner: .plugin("beta")) { _ in true }

        let removed = container.removeRegistrations(ownedBy: .plugin("alpha"))

        #expect(removed == 2)
        #expect(container.registrations.map(\.owner) == [.host, .plugin("beta")])
        #expect(throws: DIError.self) { try container.resolve(String.self) }
        // The key is free again: another owner may take it.
        try container.register(String.self, owner: .plugin("beta")) { _ in "beta" }
        #expect(try container.resolve(String.self) == "beta")
    }

    @Test func registrationsListOwnerTypeNameAndScopeInOrder() throws {
        let container = Container()
        try container.register(String.self, name: "b", scope: .singleton, owner: .plugin("omega")) { _ in "" }
        try container.register(Int.self, scope: .transient, owner: .plugin("alpha")) { _ in 0 }
        try container.register(String.self, name: "a", scope: .weak, owner: .plugin("omega")) { _ in "" }
        try container.register(Double.self, scope: .singleton) { _ in 0 }

        let listed = container.registrations.map { "\($0.owner.name) \($0.type) \($0.name ?? "-") \($0.scope.rawValue)" }

        #expect(listed == [
            "host Double - singleton",
            "alpha Int - transient",
            "omega String a weak",
            "omega String b singleton",
        ])
    }
}
