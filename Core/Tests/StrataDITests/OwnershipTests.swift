@_spi(StrataHost) import StrataDI
import Testing

@Suite struct OwnershipTests {
    @Test func aPluginCannotReplaceAHostRegistration() throws {
        let container = Container()
        try container.register(String.self, name: "user-agent") { _ in "strata" }

        let error = #expect(throws: DIError.self) {
            try container.register(String.self, name: "user-agent", owner: .plugin("movies")) { _ in "evil" }
        }

        #expect(error == .ownedByOther(type: "String", name: "user-agent", owner: .host, attemptedBy: .plugin("movies")))
        let message = try #require(error?.description)
        #expect(message.contains("host") && message.contains("plugin 'movies'"))
        #expect(try container.resolve(String.self, name: "user-agent") == "strata")
    }

    @Test func aPluginCannotReplaceAnotherPluginsRegistration() throws {
        let container = Container()
        try container.register(Int.self, owner: .plugin("gpt")) { _ in 1 }

        #expect(throws: DIError.ownedByOther(type: "Int", name: nil, owner: .plugin("gpt"), attemptedBy: .plugin("running"))) {
            try container.register(Int.self, owner: .plugin("running")) { _ in 2 }
        }
        #expect(try container.resolve(Int.self) == 1)
    }

    @Test func theHostCannotReplaceAPluginsRegistrationEither() throws {
        let container = Container()
        try container.register(Int.self, owner: .plugin("gpt")) { _ in 1 }

        #expect(throws: DIError.ownedByOther(type: "Int", name: nil, owner: .plugin("gpt"), attemptedBy: .host)) {
            try container.register(Int.self) { _ in 2 }
        }
    }

    @Test func removingAnOwnersRegistrationsLeavesTheOthers() throws {
        let container = Container()
        try container.register(Int.self) { _ in 1 }
        try container.register(String.self, owner: .plugin("movies")) { _ in "movies" }
        try container.register(Double.self, name: "rating", owner: .plugin("movies")) { _ in 7.5 }
        try container.register(Bool.self, owner: .plugin("gpt")) { _ in true }

        let removed = container.removeRegistrations(ownedBy: .plugin("movies"))

        #expect(removed == 2)
        #expect(container.registrations.map(\.owner) == [.host, .plugin("gpt")])
        #expect(throws: DIError.self) { try container.resolve(String.self) }
        // The key is free again: another owner may take it.
        try container.register(String.self, owner: .plugin("gpt")) { _ in "gpt" }
        #expect(try container.resolve(String.self) == "gpt")
    }

    @Test func registrationsListOwnerTypeNameAndScopeInOrder() throws {
        let container = Container()
        try container.register(String.self, name: "b", scope: .singleton, owner: .plugin("movies")) { _ in "" }
        try container.register(Int.self, scope: .transient, owner: .plugin("blocks")) { _ in 0 }
        try container.register(String.self, name: "a", scope: .weak, owner: .plugin("movies")) { _ in "" }
        try container.register(Double.self, scope: .singleton) { _ in 0 }

        let listed = container.registrations.map { "\($0.owner.name) \($0.type) \($0.name ?? "-") \($0.scope.rawValue)" }

        #expect(listed == [
            "host Double - singleton",
            "blocks Int - transient",
            "movies String a weak",
            "movies String b singleton",
        ])
    }
}
