import Foundation
import StrataPluginKit
import Testing

@Suite struct LibraryLocationTests {
    @Test func findsTheLibraryHoldingAnAddress() throws {
        // This test's own code lives in the test bundle; the Swift runtime in libswiftCore.so.
        let path = try #require(LibraryLocation.path(containing: #dsohandle))
        #expect(path == URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path)
        #expect(LibraryLocation.mappedPaths().contains(path))
        #expect(LibraryLocation.mappedPaths().contains { $0.hasSuffix("/libswiftCore.so") })
    }
}
