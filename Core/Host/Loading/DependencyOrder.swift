/// The order plugins register in: each after the plugins it depends on (PF4J's dependency resolver).
enum DependencyOrder {
    /// Registers each of `pending` once its dependencies have been, and fails the ones that can't be:
    /// a dependency that can never be met (`blockingReason`, asked again after each registration, so a
    /// dependency that failed while registering blocks its dependents), or a cycle, reported as the
    /// chain `a → b → a`. Plugins that are ready at the same time go in order of id.
    static func register(
        _ pending: Set<String>, dependencies: (String) -> [String],
        blockingReason: (_ dependency: String, _ pending: Set<String>) -> String?,
        register: (String) -> Void, fail: (String, String) -> Void
    ) {
        var pending = pending
        var progress = true
        while !pending.isEmpty && progress {
            progress = false
            for id in pending.sorted() {
                let needed = dependencies(id)
                if let blocked = firstBlockingReason(needed, pending, blockingReason) {
                    fail(id, blocked)
                } else if needed.contains(where: pending.contains) {
                    continue
                } else {
                    register(id)
                }
                pending.remove(id)
                progress = true
            }
        }
        // Every chain is traced before any plugin is failed: failing one may forget what it depends on.
        let cycles = pending.sorted().map { ($0, cycle(from: $0, among: pending, dependencies: dependencies)) }
        for (id, chain) in cycles {
            fail(id, "dependency cycle: " + chain.joined(separator: " → "))
        }
    }

    /// Why the first of `needed` that can never be met can't, if one can't; the rest aren't asked.
    private static func firstBlockingReason(
        _ needed: [String], _ pending: Set<String>,
        _ blockingReason: (String, Set<String>) -> String?
    ) -> String? {
        for dependency in needed {
            if let reason = blockingReason(dependency, pending) { return reason }
        }
        return nil
    }

    /// The chain of dependencies from `start` that comes back to itself, e.g. `["a", "b", "a"]`.
    static func cycle(from start: String, among pending: Set<String>, dependencies: (String) -> [String]) -> [String] {
        var path = [start]
        var current = start
        while let next = dependencies(current).first(where: pending.contains) {
            if let loopStart = path.firstIndex(of: next) { return Array(path[loopStart...]) + [next] }
            path.append(next)
            current = next
        }
        return path
    }
}
