/// Something the host lets plugins contribute beyond commands, typed by what is contributed (PF4J's extension
/// points). The module that defines the contribution's type declares the point (StrataTerminal declares
/// `.screen`); a plugin contributes through `PluginContext.contribute(_:_:)`, and the contribution is keyed by
/// the plugin, so no author spells a name and no plugin can contribute in another's place.
public struct ExtensionPoint<Contribution>: Sendable, Hashable {
    /// The point's name, unique among points.
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    /// Where the container keeps plugin `pluginID`'s contribution: the name it is registered under.
    public func key(for pluginID: String) -> String { "\(name)@\(pluginID)" }
}
