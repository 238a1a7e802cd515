import StrataDI
import StrataHostKit
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
