import StrataPluginKit
import StrataTerminal

/// Test fixture: build 1 of the plugin `versioned` (VersionedOne and VersionedTwo are its two builds, one
/// copied over the other while the app runs), whose screen says which build it is.
final class Fixture: FeaturePlugin {
    func register(in context: PluginContext) throws {
        try context.contribute(.screen) { _ in VersionedScreenProvider() }
    }
}

struct VersionedScreenProvider: FeatureScreenProvider {
    @MainActor func makeRootScreen(navigator: Navigator) throws -> any Screen { VersionedScreen() }
}

@MainActor
final class VersionedScreen: Screen {
    let title = "Versioned"

    func draw(in canvas: Canvas, context: RenderContext) {
        canvas.draw("This is build 1 of the versioned fixture", row: 0)
    }

    func handle(_ key: Key) throws -> KeyResult { .ignored }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
