import Foundation
import StrataDI
import StrataHostKit
import StrataPluginKit
import Testing

/// A plugin's registrations are its own unless it exports them (PF4J: what a plugin exposes is declared).
@Suite struct PrivateRegistrationTests {
    protocol Greeter: Sendable { func greet() -> String }
    struct English: Greeter { func greet() -> String { "hello" } }
    struct Store: Sendable {}

    func context(_ id: String, _ container: Container) -> PluginContext {
        container.context(pluginID: id, dataDirectory: URL(fileURLWithPath: "/tmp"),
                          settings: PluginSettings(pluginID: id, source: "test"))
    }

    @Test func anotherPluginsPrivateRegistrationIsRefusedNamingBoth() throws {
        let container = Container()
        let provider = context("provider", container), consumer = context("consumer", container)
        try provider.register(Store.self, scope: .singleton) { _ in Store() }
        try provider.export((any Greeter).self, scope: .singleton) { resolver in
            _ = try resolver.resolve(Store.self)  // its own private store, though a consumer asked
            return English()
        }
        container.freeze()

        #expect(try consumer.service((any Greeter).self).greet() == "hello", "exported: anyone may use it")
        _ = try provider.service(Store.self)  // built, so the lock-free path is tried too
        let error = #expect(throws: DIError.self) { try consumer.service(Store.self) }
        #expect(error == .privateRegistration(type: "Store", name: nil, owner: .plugin("provider"), requester: .plugin("consumer")))
        #expect(error?.description.hasPrefix("plugin 'consumer' can't resolve Store: it is private to plugin 'provider'.") == true)
        _ = try container.resolve(Store.self, requester: .host)  // the host opens every plugin's screens

        let listed = container.registrations.filter { $0.owner == .plugin("provider") }
        #expect(listed.map(\.exported).sorted { !$0 && $1 } == [false, true])
    }

    /// Each transient factory resolves as its entry says, whoever asked and however deep: a plugin's as that
    /// plugin, the host's on behalf of whoever asked it. So a host service a consumer asks for reaches a
    /// provider's exported service, which reaches the provider's private store (a level may hand on the
    /// resolver it was asked through only when the requester doesn't change), and the host service asked
    /// for as the consumer may not reach the store itself.
    @Test(arguments: [false, true])
    func eachLevelOfATransientGraphResolvesAsItsEntrysOwner(frozen: Bool) throws {
        let container = Container()
        let provider = context("provider", container), consumer = context("consumer", container)
        try provider.register(Store.self) { _ in Store() }
        try provider.export((any Greeter).self) { resolver in
            _ = try resolver.resolve(Store.self)
            return English()
        }
        try container.register(String.self, name: "greeting", owner: .host) { resolver in
            "\(try resolver.resolve((any Greeter).self).greet()), \(resolver.requester)"
        }
        try container.register(String.self, name: "store", owner: .host) { resolver in
            _ = try resolver.resolve(Store.self)
            return "\(resolver.requester)"
        }
        if frozen { container.freeze() }

        #expect(try consumer.service(String.self, name: "greeting") == "hello, plugin 'consumer'")
        #expect(try container.resolve(String.self, name: "greeting", requester: .host) == "hello, host")
        #expect(try provider.service(String.self, name: "store") == "plugin 'provider'")
        #expect(throws: DIError.privateRegistration(type: "Store", name: nil, owner: .plugin("provider"), requester: .plugin("consumer"))) {
            try consumer.service(String.self, name: "store")
        }
    }
}
