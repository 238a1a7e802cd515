import Foundation
@_spi(StrataHost) import StrataDI  // the benchmark plays the host: it registers and freezes
import Swinject

// The graph both containers resolve: a service with a two-level dependency chain.
protocol Service: AnyObject {}
protocol Repository: AnyObject {}
protocol Storage: AnyObject {}
final class DefaultStorage: Storage {}
final class DefaultRepository: Repository { let storage: any Storage; init(storage: any Storage) { self.storage = storage } }
final class DefaultService: Service { let repository: any Repository; init(repository: any Repository) { self.repository = repository } }

/// One DI row: Strata's ns per resolve, Swinject's, and how many times faster Strata is.
struct DIRow {
    let name: String
    let strata: Stats
    let swinject: Stats
    var ratio: Double { swinject.median / strata.median }
}

enum DIBenchmarks {
    static let resolves = 200_000

    static func run() throws -> [DIRow] {
        [try singleton(), try transientGraph(), try manyRegistrations(), try contended(threads: 8)]
    }

    static func strataContainer(scope: StrataDI.Scope) throws -> StrataDI.Container {
        let container = StrataDI.Container()
        try container.register((any Storage).self, scope: scope, owner: .host) { _ in DefaultStorage() }
        try container.register((any Repository).self, scope: scope, owner: .host) { try DefaultRepository(storage: $0.resolve((any Storage).self)) }
        try container.register((any Service).self, scope: scope, owner: .host) { try DefaultService(repository: $0.resolve((any Repository).self)) }
        container.freeze()
        return container
    }

    static func swinjectResolver(scope: ObjectScope) -> any Swinject.Resolver {
        let container = Swinject.Container()
        container.register((any Storage).self) { _ in DefaultStorage() }.inObjectScope(scope)
        container.register((any Repository).self) { DefaultRepository(storage: $0.resolve((any Storage).self)!) }.inObjectScope(scope)
        container.register((any Service).self) { DefaultService(repository: $0.resolve((any Repository).self)!) }.inObjectScope(scope)
        return container.synchronize()
    }

    static func singleton() throws -> DIRow {
        let strata = try strataContainer(scope: .singleton)
        let swinject = swinjectResolver(scope: .container)
        return DIRow(
            name: "singleton resolve",
            strata: measure(operations: resolves) { for _ in 0..<resolves { blackHole(try? strata.resolve((any Service).self)) } },
            swinject: measure(operations: resolves) { for _ in 0..<resolves { blackHole(swinject.resolve((any Service).self)) } }
        )
    }

    static func transientGraph() throws -> DIRow {
        let strata = try strataContainer(scope: .transient)
        let swinject = swinjectResolver(scope: .transient)
        let count = resolves / 4
        return DIRow(
            name: "transient 3-level graph",
            strata: measure(operations: count) { for _ in 0..<count { blackHole(try? strata.resolve((any Service).self)) } },
            swinject: measure(operations: count) { for _ in 0..<count { blackHole(swinject.resolve((any Service).self)) } }
        )
    }

    /// 1,000 named registrations, then one resolve: the whole setup, per registration.
    static func manyRegistrations() throws -> DIRow {
        let names = (0..<1000).map { "service-\($0)" }
        return DIRow(
            name: "1,000 registrations + resolve (ns per registration)",
            strata: measure(repeats: 15, operations: 1000) {
                let container = StrataDI.Container()
                for name in names { try? container.register((any Storage).self, name: name, owner: .host) { _ in DefaultStorage() } }
                container.freeze()
                blackHole(try? container.resolve((any Storage).self, name: "service-999"))
            },
            swinject: measure(repeats: 15, operations: 1000) {
                let container = Swinject.Container()
                for name in names { container.register((any Storage).self, name: name) { _ in DefaultStorage() } }
                blackHole(container.synchronize().resolve((any Storage).self, name: "service-999"))
            }
        )
    }

    /// `threads` threads resolving the same singleton at once: wall time per resolve across all threads.
    static func contended(threads: Int) throws -> DIRow {
        let strata = try strataContainer(scope: .singleton)
        let swinject = swinjectResolver(scope: .container)
        let perThread = resolves / threads
        func parallel(_ body: @escaping @Sendable () -> Void) -> Stats {
            measure(repeats: 9, operations: perThread * threads) {
                DispatchQueue.concurrentPerform(iterations: threads) { _ in body() }
            }
        }
        nonisolated(unsafe) let unsafeSwinject = swinject  // Swinject's synchronized resolver locks internally
        return DIRow(
            name: "\(threads) threads resolving a singleton",
            strata: parallel { for _ in 0..<perThread { blackHole(try? strata.resolve((any Service).self)) } },
            swinject: parallel { for _ in 0..<perThread { blackHole(unsafeSwinject.resolve((any Service).self)) } }
        )
    }

    /// Single-thread ns per resolve of the singleton, to tell whether threads scale.
    static func singleThreadBaseline() throws -> Stats {
        let strata = try strataContainer(scope: .singleton)
        return measure(operations: resolves) { for _ in 0..<resolves { blackHole(try? strata.resolve((any Service).self)) } }
    }
}
