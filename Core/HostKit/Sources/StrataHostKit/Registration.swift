import StrataDI

/// One entry of the container, as introspection shows it.
public struct Registration: Sendable, Hashable {
    /// Who registered it.
    public let owner: Owner
    /// The registered type, e.g. `any SearchMoviesUseCase`.
    public let type: String
    /// The name, if the registration has one.
    public let name: String?
    /// Its scope.
    public let scope: Scope
    /// Whether other plugins may resolve it (the host's registrations and what a plugin exports).
    public let exported: Bool
}
