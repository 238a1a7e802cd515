import StrataDI
import StrataHostKit
import Testing

protocol Shelf<Book>: Sendable {
    associatedtype Book
}

@Suite struct DIErrorTests {
    /// The runtime spells `any Shelf<Int>` as `any Shelf<Self.Shelf.Book == Int>`; listings and errors don't.
    @Test func aConstrainedExistentialIsNamedAsItIsWritten() throws {
        let container = Container()
        try container.register((any Shelf<Int>).self) { _ in throw Failure(description: "unused") }
        try container.register((any Shelf<[String: Int]>).self, name: "map") { _ in throw Failure(description: "unused") }

        #expect(container.registrations.map(\.type).sorted() == ["any Shelf<Dictionary<String, Int>>", "any Shelf<Int>"])
        #expect(throws: DIError.notRegistered(type: "any Shelf<String>", name: nil, requester: .host,
                                              sameTypeOtherNames: [], sameNameOtherTypes: [])) {
            try container.resolve((any Shelf<String>).self)
        }
    }

    @Test func notRegisteredNamesTheRequesterAndWhatIsRegisteredNearby() throws {
        let container = Container()
        try container.register((any Greeter).self, name: "english") { _ in NumberedGreeter(serial: 1) }
        try container.register((any Greeter).self, name: "french") { _ in NumberedGreeter(serial: 2) }
        try container.register(Int.self, name: "formal") { _ in 1 }
        try container.register(String.self, name: "formal") { _ in "" }
        let greeter = typeName((any Greeter).self)

        let error = #expect(throws: DIError.self) {
            try container.resolve((any Greeter).self, name: "formal", requester: .plugin("alpha"))
        }

        #expect(error == .notRegistered(type: greeter, name: "formal", requester: .plugin("alpha"),
                                        sameTypeOtherNames: ["english", "french"], sameNameOtherTypes: ["Int", "String"]))
        let message = try #require(error?.description)
        #expect(message.contains("plugin 'alpha'"))
        #expect(message.contains("'english', 'french'"))
        #expect(message.contains("Int, String"))
    }

    @Test func notRegisteredWithoutNameListsTheNamedRegistrationsOfTheType() throws {
        let container = Container()
        try container.register(String.self, name: "english") { _ in "hello" }

        #expect(throws: DIError.notRegistered(type: "String", name: nil, requester: .host,
                                              sameTypeOtherNames: ["english"], sameNameOtherTypes: [])) {
            try container.resolve(String.self)
        }
    }

    @Test func notRegisteredWithNothingNearbySaysWhatToDo() {
        let error = #expect(throws: DIError.self) { try Container().resolve(Double.self, requester: .plugin("beta")) }

        #expect(error == .notRegistered(type: "Double", name: nil, requester: .plugin("beta"), sameTypeOtherNames: [], sameNameOtherTypes: []))
        #expect(error?.description.contains("strata di list") == true)
    }

    /// A plugin's factory resolves as that plugin: the missing dependency is alpha's, whoever asked for Alpha.
    @Test func aMissingDependencyIsReportedForThePluginWhoseFactoryNeedsIt() throws {
        let container = Container()
        try container.register(Alpha.self, owner: .plugin("alpha")) { resolver in
            _ = try resolver.resolve(Beta.self)
            return Alpha()
        }

        #expect(throws: DIError.notRegistered(type: "Beta", name: nil, requester: .plugin("alpha"),
                                              sameTypeOtherNames: [], sameNameOtherTypes: [])) {
            try container.resolve(Alpha.self, requester: .plugin("gamma"))
        }
    }

    /// The type and owner are kept for code; people read the factory's own words, not the container's.
    @Test func aFactoryErrorIsWrappedWithTheTypeAndOwner() throws {
        let container = Container()
        try container.register(String.self, name: "api-key", owner: .plugin("beta")) { _ in
            throw Failure(description: "OPENAI_API_KEY is not set")
        }

        let error = #expect(throws: DIError.self) { try container.resolve(String.self, name: "api-key") }

        #expect(error == .factoryFailed(type: "String", name: "api-key", owner: .plugin("beta"), reason: "OPENAI_API_KEY is not set"))
        #expect(error?.description == "OPENAI_API_KEY is not set")
    }

    @Test func aFailedSingletonIsNotCachedAndIsBuiltAgainNextTime() throws {
        let container = Container()
        let counter = FactoryCounter()
        try container.register(Int.self, scope: .singleton) { _ in
            let call = counter.next()
            if call == 1 { throw Failure(description: "first call fails") }
            return call
        }

        #expect(throws: DIError.self) { try container.resolve(Int.self) }
        #expect(try container.resolve(Int.self) == 2)
        #expect(try container.resolve(Int.self) == 2)
    }
}
