/// What a factory resolves its own dependencies through: the container as the resolution in progress sees
/// it (who asked first, and the chain so far, to report cycles). The host makes resolvers; a plugin only
/// receives them.
public struct Resolver: Sendable, CustomReflectable {
    @usableFromInline let source: any ResolutionSource
    /// Who started this resolution: the host or a plugin.
    public let requester: Owner

    /// A resolver that resolves from `source` on behalf of `requester` (the host's container makes these).
    public init(requester: Owner, source: any ResolutionSource) {
        self.requester = requester
        self.source = source
    }

    /// Resolves a dependency of the instance being built.
    /// - Throws: `DIError` if it is not registered, its factory fails, or it closes a cycle.
    @inlinable
    public func resolve<T>(_ type: T.Type = T.self, name: String? = nil) throws(DIError) -> T {
        try resolveFromSource(type, name: name)
    }

    /// `resolve` as this module compiles it, where the resolver's layout is known: the source is used where it
    /// is stored. Inlined into a plugin, the same call reads `source` through the getter of a resilient struct,
    /// a copy that retains what the source holds and releases it after.
    @usableFromInline
    func resolveFromSource<T>(_ type: T.Type, name: String?) throws(DIError) -> T {
        try source.resolve(type, name: name, requester: requester, through: self)
    }

    /// Only who asks: the source is the host's, not to be reached by reflection.
    public var customMirror: Mirror { Mirror(self, children: ["requester": requester]) }
}

/// Where a ``Resolver`` resolves from: the host's container at one step of a resolution in progress.
/// An implementation must resolve `type` and `name` as `requester` may see them (its own private
/// registrations, the host's services, what plugins exported), throwing `DIError` as the container does.
public protocol ResolutionSource: Sendable {
    /// Resolves an instance of `type` (and `name`) for `requester`.
    func resolve<T>(_ type: T.Type, name: String?, requester: Owner) throws(DIError) -> T

    /// Resolves an instance of `type` (and `name`) for `requester`, asked through `resolver` (whose source
    /// this is): a source may hand `resolver` on to the factory it calls rather than make one per level.
    /// `Resolver.resolve` calls this one; the default calls ``resolve(_:name:requester:)``.
    func resolve<T>(_ type: T.Type, name: String?, requester: Owner, through resolver: Resolver) throws(DIError) -> T
}

extension ResolutionSource {
    /// Resolves as ``resolve(_:name:requester:)`` does: `resolver` is not needed.
    public func resolve<T>(_ type: T.Type, name: String?, requester: Owner, through resolver: Resolver) throws(DIError) -> T {
        try resolve(type, name: name, requester: requester)
    }
}
