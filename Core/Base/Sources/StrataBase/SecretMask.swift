import Synchronization

/// The secret values this process knows of (API keys from the environment, secret settings), hidden from
/// everything it shows: ``Sanitizer`` applies the mask to every text it cleans and every JSON document it
/// escapes, so a server that echoes a request's key in its error message can't make strata print it.
/// The host fills the mask when it starts; plugins can't change it.
public enum SecretMask {
    /// What a secret is shown as.
    public static let replacement = "••••"
    /// Values shorter than this are not masked: they would hide ordinary words and don't make a key.
    public static let shortestMasked = 8

    private static let secrets = Mutex<[String]>([])

    /// Adds values to mask from now on (those shorter than ``shortestMasked`` are ignored).
    @_spi(StrataHost) public static func add(_ values: some Sequence<String>) {
        let new = values.filter { $0.count >= shortestMasked }
        guard !new.isEmpty else { return }
        secrets.withLock { known in
            known = Array(Set(known + new)).sorted { $0.count > $1.count }
        }
    }

    /// Forgets every value (tests).
    @_spi(StrataHost) public static func removeAll() { secrets.withLock { $0.removeAll() } }

    /// `text` with each known secret replaced by ``replacement``, the longest first.
    public static func masking(_ text: String) -> String {
        let known = secrets.withLock { $0 }
        guard !known.isEmpty else { return text }
        var masked = text
        for secret in known where masked.contains(secret) {
            masked = masked.replacing(secret, with: replacement)
        }
        return masked
    }
}
