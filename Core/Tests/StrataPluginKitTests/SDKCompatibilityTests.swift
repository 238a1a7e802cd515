import StrataPluginKit
import Testing

/// The one rule for which plugins a strata runs: the same Swift, the same SDK major, a minor no newer
/// than the host's (and, before 1.0, the same minor).
@Suite struct SDKCompatibilityTests {
    static let host = "strata-sdk=1.3.2;swift=6.3.1"

    @Test(arguments: ["strata-sdk=1.3.2;swift=6.3.1", "strata-sdk=1.3.0;swift=6.3.1", "strata-sdk=1.0.0;swift=6.3.1",
                      "strata-sdk=1.3.9;swift=6.3.1"])
    func aPluginOfTheSameMajorAndAnOlderOrEqualMinorRuns(stamp: String) {
        #expect(StrataABI.refusal(ofStamp: stamp, host: Self.host) == nil)
    }

    @Test(arguments: [
        ("strata-sdk=1.4.0;swift=6.3.1", "built against Strata SDK 1.4; this strata has SDK 1.3: update strata"),
        ("strata-sdk=2.0.0;swift=6.3.1", "built against Strata SDK 2.0; this strata has SDK 1.3: update strata"),
        ("strata-sdk=0.9.0;swift=6.3.1", "built for SDK 0.x; this strata is SDK 1: rebuild the plugin"),
        ("strata-sdk=1.3.2;swift=6.4", "built by Swift 6.4; this strata was built by Swift 6.3.1, and Swift has no stable ABI across compilers on Linux: rebuild the plugin with Swift 6.3.1"),
        ("strata-abi=4;swift=6.3.1", "built for strata before SDK versions (strata-abi=4;swift=6.3.1); this strata is SDK 1.3: rebuild the plugin"),
        ("strata-sdk=1.x;swift=6.3.1", "its stamp 'strata-sdk=1.x;swift=6.3.1' is not one strata reads: rebuild the plugin against this strata's SDK 1.3"),
        ("", "its stamp '' is not one strata reads: rebuild the plugin against this strata's SDK 1.3"),
    ])
    func anythingElseIsRefusedWithWhatToDo(stamp: String, refusal: String) {
        #expect(StrataABI.refusal(ofStamp: stamp, host: Self.host) == refusal)
    }

    /// Before 1.0 a minor release may break plugins (semantic versioning's major 0), both ways.
    @Test func beforeOnePointZeroTheMinorMustMatch() {
        let host = "strata-sdk=0.9.0;swift=6.3.1"
        #expect(StrataABI.refusal(ofStamp: "strata-sdk=0.9.3;swift=6.3.1", host: host) == nil)
        #expect(StrataABI.refusal(ofStamp: "strata-sdk=0.8.0;swift=6.3.1", host: host)
            == "built for SDK 0.8; this strata is SDK 0.9, and before SDK 1.0 every minor release may break plugins: rebuild the plugin")
        #expect(StrataABI.refusal(ofStamp: "strata-sdk=0.10.0;swift=6.3.1", host: host)
            == "built against Strata SDK 0.10; this strata has SDK 0.9: update strata")
    }

    /// A new major may break what the last one promised, so a plugin of an older major is rebuilt.
    @Test func aPluginOfAnOlderMajorIsRebuilt() {
        #expect(StrataABI.refusal(ofStamp: "strata-sdk=1.4.0;swift=6.3.1", host: "strata-sdk=2.0.0;swift=6.3.1")
            == "built for SDK 1.x; this strata is SDK 2: rebuild the plugin")
    }

    @Test func thisBuildRunsItsOwnPlugins() {
        #expect(StrataABI.refusal(ofStamp: StrataABI.stampString) == nil)
    }
}
