import Synchronization

/// The secret values this process knows of (API keys from the environment, secret settings), hidden from
/// everything it shows: ``Sanitizer`` applies the mask to every text it cleans and every JSON document it
/// escapes, so a server that echoes a request's key in its error message can't make strata print it.
/// The host fills the mask when it starts, through the mask's one ``Writer``, which it claims before any
/// plugin's code runs (StrataHostKit's `HostSecrets`); plugins can't change it.
public enum SecretMask {
    /// What a secret is shown as.
    public static let replacement = "••••"
    /// Values shorter than this are not masked: they would hide ordinary words and don't make a key.
    public static let shortestMasked = 8

    private static let secrets = Mutex<[String]>([])
    private static let writerClaimed = Atomic<Bool>(false)

    /// The one writer of the mask, to the first who claims it: the host, as it starts. Every later claim
    /// gets `nil`, so a plugin can neither unmask the host's secrets nor mask what it likes.
    public static func claimWriter() -> Writer? {
        writerClaimed.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged ? Writer() : nil
    }

    /// What may change the mask; only ``claimWriter()`` makes one, once per process.
    public struct Writer: Sendable {
        fileprivate init() {}

        /// Adds values to mask from now on (those shorter than ``shortestMasked`` are ignored).
        public func add(_ values: some Sequence<String>) {
            let new = values.filter { $0.count >= shortestMasked }
            guard !new.isEmpty else { return }
            secrets.withLock { known in
                known = Array(Set(known + new)).sorted { $0.count > $1.count }
            }
        }

        /// Forgets every value (tests).
        public func removeAll() { secrets.withLock { $0.removeAll() } }
    }

    /// `text` with each known secret replaced by ``replacement``, the longest first.
    public static func masking(_ text: String) -> String {
        let known = secrets.withLock { $0 }
        guard !known.isEmpty else { return text }
        // As bytes: a String's search compares Characters, and a combining mark after a secret makes one Character
        // with its last, so the secret wasn't found, though it was all there. UTF-8 matches start and end on a
        // scalar's bytes, so what is left is still UTF-8.
        var masked = Array(text.utf8)
        var found = false
        for secret in known where masked.contains(Array(secret.utf8)) {
            masked.replace(Array(secret.utf8), with: Array(replacement.utf8))
            found = true
        }
        return found ? String(decoding: masked, as: UTF8.self) : text
    }
}
