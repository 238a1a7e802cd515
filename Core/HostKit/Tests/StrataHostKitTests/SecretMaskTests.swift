import Foundation
import StrataBase
import StrataHostKit
import Testing

/// The secrets the host registers are hidden from every text the sanitizer cleans and every JSON it escapes.
/// Serialized: the mask is process-wide.
@Suite(.serialized) struct SecretMaskTests {
    @Test func aKnownSecretIsMaskedInLinesScreensAndJSON() {
        HostSecrets.removeAll()
        defer { HostSecrets.removeAll() }
        HostSecrets.add(["sk-live-abcdef123456"])
        #expect(Sanitizer.sanitizeLines("401: Incorrect API key provided: sk-live-abcdef123456\n") == "401: Incorrect API key provided: ••••\n")
        #expect(Sanitizer.sanitize("key=sk-live-abcdef123456;") == "key=••••;")
        #expect(Sanitizer.escapingJSON(#"{"echo":"sk-live-abcdef123456"}"#) == #"{"echo":"••••"}"#)
        #expect(Sanitizer.sanitizeLines("no secret here") == "no secret here")
    }

    @Test func shortValuesAreNotMaskedAndOverlappingSecretsAreMaskedWhole() {
        HostSecrets.removeAll()
        defer { HostSecrets.removeAll() }
        HostSecrets.add(["short", "password-1234", "password-1234-and-more"])
        #expect(Sanitizer.sanitizeLines("a short word") == "a short word")
        #expect(Sanitizer.sanitizeLines("x password-1234-and-more y") == "x •••• y")
        #expect(Sanitizer.sanitizeLines("x password-1234 y") == "x •••• y")
    }

    /// A key followed by a combining mark is one Character with the key's last: compared by Characters, the key
    /// isn't in the text, but its bytes are (found by Fuzz/HelperWire: a path a helper asked for went into the
    /// audit file with the plugin's key in it).
    @Test func aSecretIsMaskedWhenACombiningMarkFollowsIt() {
        HostSecrets.removeAll()
        defer { HostSecrets.removeAll() }
        HostSecrets.add(["sk-live-abcdef123456"])
        #expect(SecretMask.masking("/home/u/sk-live-abcdef123456\u{301}.gpx") == "/home/u/••••\u{301}.gpx")
        #expect(SecretMask.masking("\u{301}sk-live-abcdef123456\u{20DD}") == "\u{301}••••\u{20DD}")
        #expect(SecretMask.masking("sk-live-abcdef12345") == "sk-live-abcdef12345")
    }

    /// The host holds the mask's one writer; whoever claims it after (a plugin) gets none.
    @Test func noOneButTheHostCanWriteTheMask() {
        HostSecrets.add([])
        #expect(SecretMask.claimWriter() == nil)
    }
}
