// The DI rows on package-benchmark (ordo-one/benchmark), the Swift server ecosystem's harness: wall time,
// instructions and mallocs for Strata's container, Swinject 2.10.0, swift-dependencies 1.17.1, and the floor
// of them all, the same graph built by hand-written closures. `Benchmarks/run` prints the table.
import Benchmark
import Dependencies
import Dispatch
import StrataDI
import StrataHostKit  // the benchmark plays the host: it registers and freezes
import Swinject

// The graph every contender resolves: a service with a two-level dependency chain.
protocol Service: AnyObject, Sendable {}
protocol Repository: AnyObject, Sendable {}
protocol Storage: AnyObject, Sendable {}
final class DefaultStorage: Storage {}
final class DefaultRepository: Repository { let storage: any Storage; init(storage: any Storage) { self.storage = storage } }
final class DefaultService: Service { let repository: any Repository; init(repository: any Repository) { self.repository = repository } }

// MARK: The contenders

func strataContainer(scope: StrataDI.Scope) throws -> StrataHostKit.Container {
    let container = StrataHostKit.Container()
    try container.register((any Storage).self, scope: scope, owner: .host) { _ in DefaultStorage() }
    try container.register((any Repository).self, scope: scope, owner: .host) { try DefaultRepository(storage: $0.resolve((any Storage).self)) }
    try container.register((any Service).self, scope: scope, owner: .host) { try DefaultService(repository: $0.resolve((any Repository).self)) }
    container.freeze()
    return container
}

func swinjectResolver(scope: ObjectScope) -> any Swinject.Resolver {
    let container = Swinject.Container()
    container.register((any Storage).self) { _ in DefaultStorage() }.inObjectScope(scope)
    container.register((any Repository).self) { DefaultRepository(storage: $0.resolve((any Storage).self)!) }.inObjectScope(scope)
    container.register((any Service).self) { DefaultService(repository: $0.resolve((any Repository).self)!) }.inObjectScope(scope)
    return container.synchronize()
}

/// swift-dependencies: a singleton is a key's `liveValue`; a transient graph is a client of factories, each
/// reading the next through `@Dependency`, as the library's docs build clients.
struct ServiceFactory: Sendable { var make: @Sendable () -> any Service }
struct RepositoryFactory: Sendable { var make: @Sendable () -> any Repository }
struct StorageFactory: Sendable { var make: @Sendable () -> any Storage }
let sharedService: any Service = DefaultService(repository: DefaultRepository(storage: DefaultStorage()))
enum SharedServiceKey: DependencyKey { static var liveValue: any Service { sharedService } }
extension StorageFactory: DependencyKey { static let liveValue = StorageFactory { DefaultStorage() } }
extension RepositoryFactory: DependencyKey {
    static let liveValue = RepositoryFactory { @Dependency(StorageFactory.self) var storage; return DefaultRepository(storage: storage.make()) }
}
extension ServiceFactory: DependencyKey {
    static let liveValue = ServiceFactory { @Dependency(RepositoryFactory.self) var repository; return DefaultService(repository: repository.make()) }
}
struct DependenciesReader {
    @Dependency(SharedServiceKey.self) var shared
    @Dependency(ServiceFactory.self) var factory
}

/// The floor: what a container saves the author from writing.
struct HandWritten: Sendable {
    let shared: @Sendable () -> any Service
    let makeService: @Sendable () -> any Service

    init() {
        let service = sharedService
        shared = { service }
        let makeStorage: @Sendable () -> any Storage = { DefaultStorage() }
        let makeRepository: @Sendable () -> any Repository = { DefaultRepository(storage: makeStorage()) }
        makeService = { DefaultService(repository: makeRepository()) }
    }
}

// MARK: The benchmarks

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .instructions, .mallocCountTotal],
                                           scalingFactor: .kilo, maxDuration: .seconds(2), maxIterations: 1_000)

    let singleton = try! strataContainer(scope: .singleton), transient = try! strataContainer(scope: .transient)
    let swinjectSingleton = swinjectResolver(scope: .container), swinjectTransient = swinjectResolver(scope: .transient)
    let reader = DependenciesReader(), handWritten = HandWritten()

    Benchmark("singleton resolve/Strata") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? singleton.resolve((any Service).self, requester: .host)) }
    }
    Benchmark("singleton resolve/Swinject") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinjectSingleton.resolve((any Service).self)) }
    }
    Benchmark("singleton resolve/swift-dependencies") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(reader.shared) }
    }
    Benchmark("singleton resolve/hand-written") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(handWritten.shared()) }
    }

    Benchmark("transient 3-level graph/Strata") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? transient.resolve((any Service).self, requester: .host)) }
    }
    Benchmark("transient 3-level graph/Swinject") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinjectTransient.resolve((any Service).self)) }
    }
    Benchmark("transient 3-level graph/swift-dependencies") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(reader.factory.make()) }
    }
    Benchmark("transient 3-level graph/hand-written") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(handWritten.makeService()) }
    }

    // 1,000 named registrations, then one resolve: the whole setup (one iteration each).
    let names = (0..<1000).map { "service-\($0)" }
    Benchmark("1,000 registrations + resolve/Strata", configuration: .init(scalingFactor: .one)) { benchmark in
        let container = StrataHostKit.Container()
        for name in names { try? container.register((any Storage).self, name: name, owner: .host) { _ in DefaultStorage() } }
        container.freeze()
        blackHole(try? container.resolve((any Storage).self, name: "service-999", requester: .host))
    }
    Benchmark("1,000 registrations + resolve/Swinject", configuration: .init(scalingFactor: .one)) { benchmark in
        let container = Swinject.Container()
        for name in names { container.register((any Storage).self, name: name) { _ in DefaultStorage() } }
        blackHole(container.synchronize().resolve((any Storage).self, name: "service-999"))
    }

    // 8 threads resolving one singleton at once (1,000 resolves each per iteration).
    nonisolated(unsafe) let sharedSwinject = swinjectSingleton  // its synchronized resolver locks inside
    Benchmark("8 threads × 1,000 singleton resolves/Strata", configuration: .init(scalingFactor: .one)) { benchmark in
        DispatchQueue.concurrentPerform(iterations: 8) { _ in for _ in 0..<1000 { blackHole(try? singleton.resolve((any Service).self, requester: .host)) } }
    }
    Benchmark("8 threads × 1,000 singleton resolves/Swinject", configuration: .init(scalingFactor: .one)) { benchmark in
        DispatchQueue.concurrentPerform(iterations: 8) { _ in for _ in 0..<1000 { blackHole(sharedSwinject.resolve((any Service).self)) } }
    }
}
