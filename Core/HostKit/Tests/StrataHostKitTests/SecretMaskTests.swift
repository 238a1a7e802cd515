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

    /// The host holds the mask's one writer; whoever claims it after (a plugin) gets none.
    @Test func noOneButTheHostCanWriteTheMask() {
        HostSecrets.add([])
        #expect(SecretMask.claimWriter() == nil)
    }
}
