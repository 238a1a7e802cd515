import Foundation
import StrataPluginKit
import Testing

@Suite struct StrataABITests {
    final class SamplePlugin: FeaturePlugin {
        func register(in context: PluginContext) throws {}
    }

    @Test func theStampNamesTheSDKVersionAndTheCompiler() throws {
        let stamp = StrataABI.stampString
        let parts = stamp.split(separator: ";").map(String.init)

        #expect(parts.count == 2)
        #expect(parts.first == "strata-sdk=\(StrataABI.sdkVersion)")
        #expect(SemanticVersion(StrataABI.sdkVersion) != nil)
        #expect(StrataABI.currentStamp == stamp, "the SDK library and its caller were built from the same source")
        let swift = try #require(parts.last)
        #expect(swift.hasPrefix("swift="))
        let compiler = swift.dropFirst("swift=".count)
        #expect(!compiler.isEmpty && compiler != "older", "this repository needs Swift 6.3 or newer, the stamp says \(compiler)")
        #expect(compiler.allSatisfy { $0.isNumber || $0 == "." || $0 == "+" })
        #expect(String(cString: StrataABI.stamp) == stamp)
    }

    @Test func theSymbolsAreTheDocumentedOnes() {
        #expect(StrataABI.stampSymbol == "strata_plugin_abi")
        #expect(StrataABI.entrySymbol == "strata_plugin_entry")
    }

    @Test func anExportedPluginIsTakenBackAsTheSameObject() throws {
        let plugin = SamplePlugin()

        let pointer = PluginExport.export(plugin)
        let taken = try #require(PluginExport.take(pointer))

        #expect(taken === plugin)
    }

    @Test func aPointerToSomethingElseIsNotTakenAsAPlugin() {
        final class Stranger {}
        let pointer = Unmanaged.passRetained(Stranger()).toOpaque()

        #expect(PluginExport.take(pointer) == nil)
    }

    @Test(arguments: ["alpha", "beta", "my-plugin2", "a"])
    func validPluginIDs(id: String) {
        #expect(PluginDescriptor.isValidID(id))
    }

    @Test(arguments: ["", "Movies", "2fa", "my_plugin", "mövies", "-movies", "movies plugin"])
    func invalidPluginIDs(id: String) {
        #expect(!PluginDescriptor.isValidID(id))
    }
}
