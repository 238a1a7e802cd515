import StrataBase

/// The host's hold on ``SecretMask``: it claims the mask's one writer the first time it is used, which the
/// host does as it starts (before any plugin is loaded), so no plugin can claim it after.
public enum HostSecrets {
    private static let writer: SecretMask.Writer = {
        guard let writer = SecretMask.claimWriter() else {
            fatalError("strata: the secret mask was claimed before the host started; a library loaded with strata claims it. Remove it and run strata again.")
        }
        return writer
    }()

    /// Masks `values` from now on in everything the process shows (values shorter than
    /// `SecretMask.shortestMasked` are ignored). Claims the writer even when there are none.
    public static func add(_ values: [String]) {
        let writer = writer
        // Handed on only when there are some: the mask walks any sequence, and walking an array that way makes
        // the runtime check its iterator's type, a scan of every conformance record of every library loaded
        // (0.18 M instructions on every command strata runs).
        if !values.isEmpty { writer.add(values) }
    }

    /// Forgets every masked value (tests).
    public static func removeAll() { writer.removeAll() }
}
