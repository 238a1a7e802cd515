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
}
