internal import Glibc

extension PluginContext {
    /// The variable strata sets (to `1`) in the environment of a plugin's sandboxed helper
    /// (`"isolation": "process"`).
    public static let sandboxedVariable = "STRATA_SANDBOXED"

    /// Whether this plugin runs in a sandboxed helper, where it may open only its own folders, the files it
    /// declared, and the files the user named on its command line: a reason to say so, and what to do, when
    /// the kernel denies it a file the user typed elsewhere (in a screen's form, say).
    public var isSandboxed: Bool { getenv(Self.sandboxedVariable) != nil }
}
