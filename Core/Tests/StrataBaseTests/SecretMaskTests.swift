import Foundation
@_spi(StrataHost) import StrataBase
import Testing

/// The secrets the host registers are hidden from every text the sanitizer cleans and every JSON it escapes.
/// Serialized: the mask is process-wide.
@Suite(.serialized) struct SecretMaskTests {
    @Test func aKnownSecretIsMaskedInLinesScreensAndJSON() {
        SecretMask.removeAll()
        defer { SecretMask.removeAll() }
        SecretMask.add(["sk-live-abcdef123456"])
        #expect(Sanitizer.sanitizeLines("401: Incorrect API key provided: sk-live-abcdef123456\n") == "401: Incorrect API key provided: ••••\n")
        #expect(Sanitizer.sanitize("key=sk-live-abcdef123456;") == "key=••••;")
        #expect(Sanitizer.escapingJSON(#"{"echo":"sk-live-abcdef123456"}"#) == #"{"echo":"••••"}"#)
        #expect(Sanitizer.sanitizeLines("no secret here") == "no secret here")
    }

    @Test func shortValuesAreNotMaskedAndOverlappingSecretsAreMaskedWhole() {
        SecretMask.removeAll()
        defer { SecretMask.removeAll() }
        SecretMask.add(["short", "password-1234", "password-1234-and-more"])
        #expect(Sanitizer.sanitizeLines("a short word") == "a short word")
        #expect(Sanitizer.sanitizeLines("x password-1234-and-more y") == "x •••• y")
        #expect(Sanitizer.sanitizeLines("x password-1234 y") == "x •••• y")
    }
}
