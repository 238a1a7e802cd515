@testable import StrataDI
import StrataHostKit
import Synchronization
import Testing

@Suite struct CycleTests {
    @Test(arguments: [Scope.transient, .singleton, .weak])
    func aCycleIsReportedAsAChainNotAStackOverflow(scope: Scope) throws {
        let container = Container()
        try container.register(Alpha.self, scope: scope) { resolver in _ = try resolver.resolve(Beta.self); return Alpha() }
        try container.register(Beta.self, scope: scope) { resolver in _ = try resolver.resolve(Alpha.self); return Beta() }

        let error = #expect(throws: DIError.self) { try container.resolve(Alpha.self) }

        #expect(error == .cycle(["Alpha", "Beta", "Alpha"]))
        #expect(error?.description.contains("Alpha → Beta → Alpha") == true)
    }

    @Test func aCycleInClassScopesIsReportedToo() throws {
        let container = Container()
        try container.register(Box.self, name: "a", scope: .singleton) { resolver in Box(try resolver.resolve(Box.self, name: "b")) }
        try container.register(Box.self, name: "b", scope: .weak) { resolver in Box(try resolver.resolve(Box.self, name: "a")) }

        #expect(throws: DIError.cycle(["Box named 'a'", "Box named 'b'", "Box named 'a'"])) {
            try container.resolve(Box.self, name: "a")
        }
    }

    @Test func theChainStartsWhereTheCycleCloses() throws {
        let container = Container()
        try container.register(Gamma.self) { resolver in _ = try resolver.resolve(Alpha.self); return Gamma() }
        try container.register(Alpha.self) { resolver in _ = try resolver.resolve(Beta.self); return Alpha() }
        try container.register(Beta.self) { resolver in _ = try resolver.resolve(Alpha.self); return Beta() }

        #expect(throws: DIError.cycle(["Alpha", "Beta", "Alpha"])) { try container.resolve(Gamma.self) }
    }

    @Test func aFactoryResolvingItselfIsACycleOfOne() throws {
        let container = Container()
        try container.register(Alpha.self, scope: .singleton) { resolver in try resolver.resolve(Alpha.self) }

        #expect(throws: DIError.cycle(["Alpha", "Alpha"])) { try container.resolve(Alpha.self) }
    }

    /// The fast path keeps only a depth; a graph deeper than it looks is resolved again keeping the chain,
    /// and is whole (no cycle is made up), frozen or not.
    @Test(arguments: [false, true])
    func aGraphDeeperThanTheFastPathIsResolvedWhole(frozen: Bool) throws {
        let container = Container()
        let depth = 200
        for level in 0..<depth {
            try container.register(Int.self, name: "level \(level)", owner: .host) { resolver in
                level == depth - 1 ? 1 : 1 + (try resolver.resolve(Int.self, name: "level \(level + 1)"))
            }
        }
        if frozen { container.freeze() }

        #expect(try container.resolve(Int.self, name: "level 0", requester: .host) == depth)
    }

    @Test func aCycleFarDownADeepGraphIsNamedWhereItCloses() throws {
        let container = Container()
        for level in 0..<100 {
            try container.register(Int.self, name: "level \(level)", owner: .host) { resolver in
                try resolver.resolve(Int.self, name: "level \(level == 99 ? 98 : level + 1)")
            }
        }

        #expect(throws: DIError.cycle(["Int named 'level 98'", "Int named 'level 99'", "Int named 'level 98'"])) {
            try container.resolve(Int.self, name: "level 0", requester: .host)
        }
    }

    /// The fast path counts how deep it nests on the thread; a resolution that fails (its factory throws, or
    /// a dependency's does) leaves no depth behind. The probe is a graph of 63 levels whose last factory does
    /// without its dependency if it can't get it (`try?`): its dependency is the 64th level, the deepest the
    /// fast path goes before it looks for a cycle, so one level left behind would take the dependency away.
    @Test(arguments: [false, true])
    func aFailedResolutionLeavesNoDepthBehind(frozen: Bool) throws {
        let container = Container()
        try container.register(Alpha.self) { _ in throw Failure(description: "no alpha") }
        try container.register(Beta.self) { resolver in _ = try resolver.resolve(Alpha.self); return Beta() }
        try container.register(Int.self, name: "dependency") { _ in 7 }
        for level in 0..<63 {
            try container.register(Int.self, name: "level \(level)") { resolver in
                level == 62 ? (try? resolver.resolve(Int.self, name: "dependency")) ?? -1 : try resolver.resolve(Int.self, name: "level \(level + 1)")
            }
        }
        if frozen { container.freeze() }

        #expect(try container.resolve(Int.self, name: "level 0") == 7, "before any failure")
        for attempt in 1...3 {
            #expect(throws: DIError.self) { try container.resolve(Alpha.self) }
            #expect(throws: DIError.self) { try container.resolve(Beta.self) }
            #expect(try container.resolve(Int.self, name: "level 0") == 7, "after \(attempt) failures")
        }
    }

    /// A factory may do without a dependency it can't get (`try?`), and at the depth where the fast path
    /// stops to look for a cycle its resolve fails with the signal to start again keeping the chain. Caught,
    /// the signal still reaches the first `resolve`: a graph only deep is resolved whole, every optional
    /// dependency in it got, not cut where the fast path stopped; no singleton is kept with what its factory
    /// did without.
    @Test(arguments: [false, true], [Scope.transient, .singleton])
    func anOptionalDependencyIsGotAtAnyDepth(frozen: Bool, scope: Scope) throws {
        let container = Container()
        let depth = 100
        for level in 0..<depth {
            try container.register(Int.self, name: "level \(level)", scope: scope) { resolver in
                level == depth - 1 ? 1 : 1 + ((try? resolver.resolve(Int.self, name: "level \(level + 1)")) ?? 0)
            }
        }
        if frozen { container.freeze() }

        #expect(try container.resolve(Int.self, name: "level 0") == depth)
        #expect(try container.resolve(Int.self, name: "level 0") == depth, "and again, with nothing left behind on the thread")
        #expect(try container.resolve(Int.self, name: "level 63") == depth - 63)
    }

    /// A factory that does without a dependency that closes a cycle (`try?`) gets the cycle's error where the
    /// cycle closes, as it would in a shallow graph: the graph is built once around it, not nested as deep as
    /// the fast path goes.
    @Test(arguments: [Scope.transient, .singleton])
    func aCycleAFactoryDoesWithoutFailsWhereItCloses(scope: Scope) throws {
        let container = Container()
        try container.register(Int.self, name: "a", scope: scope) { resolver in 1 + (try resolver.resolve(Int.self, name: "b")) }
        try container.register(Int.self, name: "b", scope: scope) { resolver in 1 + ((try? resolver.resolve(Int.self, name: "a")) ?? 0) }

        #expect(try container.resolve(Int.self, name: "a") == 2)
        #expect(try container.resolve(Int.self, name: "b") == 1)
    }

    /// Two plugins' exported services that resolve each other, as the host asks: each factory resolves as its
    /// own plugin, so no level asks as the one before it, and the cycle is still named, not a stack overflow.
    @Test func aCycleAcrossPluginsIsNamed() throws {
        let container = Container()
        try container.register(Alpha.self, owner: .plugin("p")) { resolver in _ = try resolver.resolve(Beta.self); return Alpha() }
        try container.register(Beta.self, owner: .plugin("q")) { resolver in _ = try resolver.resolve(Alpha.self); return Beta() }

        #expect(throws: DIError.cycle(["Alpha", "Beta", "Alpha"])) { try container.resolve(Alpha.self) }
    }

    /// A resolver is valid only during its factory's call; one kept anyway (the API says not to) still
    /// resolves, on the thread that built it or another, with no cycle made up.
    @Test func aResolverKeptPastItsCallStillResolves() async throws {
        let container = Container()
        let kept = Mutex<Resolver?>(nil)
        try container.register(Int.self, name: "dependency") { _ in 7 }
        try container.register(Alpha.self) { resolver in
            kept.withLock { $0 = resolver }
            return Alpha()
        }
        container.freeze()
        _ = try container.resolve(Alpha.self)
        let resolver = try #require(kept.withLock { $0 })

        #expect(try resolver.resolve(Int.self, name: "dependency") == 7)
        let results = Mutex<[Int]>([])
        await runConcurrently(threads: 2) { _ in
            let value = (try? resolver.resolve(Int.self, name: "dependency")) ?? -1
            results.withLock { $0.append(value) }
        }
        #expect(results.withLock { $0 } == [7, 7])
    }

    /// A plugin built against SDK 1.2.0 or before has `Resolver.resolve` inlined as it was then: it calls the
    /// source's `resolve(_:name:requester:)`, not `resolve(_:name:requester:through:)`. That resolves the same
    /// graphs, cycles included.
    @Test func aFactoryOfAnOlderSDKResolvesThroughTheSourcesFirstRequirement() throws {
        let container = Container()
        try container.register(Int.self, name: "dependency") { _ in 7 }
        try container.register(Int.self, name: "sum") { resolver in
            try resolver.source.resolve(Int.self, name: "dependency", requester: resolver.requester) + 1
        }
        try container.register(Alpha.self) { resolver in _ = try resolver.source.resolve(Beta.self, name: nil, requester: resolver.requester); return Alpha() }
        try container.register(Beta.self) { resolver in _ = try resolver.source.resolve(Alpha.self, name: nil, requester: resolver.requester); return Beta() }
        container.freeze()

        #expect(try container.resolve(Int.self, name: "sum") == 8)
        #expect(throws: DIError.cycle(["Alpha", "Beta", "Alpha"])) { try container.resolve(Alpha.self) }
    }

    @Test func aDiamondIsNotACycle() throws {
        let container = Container()
        try container.register(Gamma.self) { _ in Gamma() }
        try container.register(Alpha.self) { resolver in _ = try resolver.resolve(Gamma.self); return Alpha() }
        try container.register(Beta.self) { resolver in
            _ = try resolver.resolve(Alpha.self)
            _ = try resolver.resolve(Gamma.self)
            return Beta()
        }

        _ = try container.resolve(Beta.self)
    }
}

/// A class holding an optional other box, for cycles in class scopes.
final class Box: Sendable {
    let next: Box?
    init(_ next: Box? = nil) { self.next = next }
}
