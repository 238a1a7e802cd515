import FoundationEssentials
import StrataBase
import StrataPluginKit

/// Why one plugin didn't load. Each message says what to do.
enum PluginFailure: Error, CustomStringConvertible {
    case unsafePermissions(path: String)
    case foreignOwner(path: String, owner: String, isFolder: Bool)
    case sharedPluginFolder(path: String)
    case notRegularFile(path: String)
    case replacedSinceChecked(path: String)
    /// In a helper: the library no longer has the pinned digest strata checked before starting it.
    case changedSincePinned(id: String, path: String)
    case notPinned(id: String, path: String, scope: PluginPins.Scope)
    case pinMismatch(id: String, path: String, recorded: String, current: String, scope: PluginPins.Scope)
    case duplicateID(id: String, firstPath: String)
    case notLoadable(String)
    case missingStamp
    /// Built for another SDK or Swift (``StrataABI/refusal(ofStamp:host:)``), or expecting SDK symbols this one lacks.
    case incompatible(String)
    /// The first SDK symbol it expects that this strata's SDK doesn't export (``SDKSymbolCheck``), demangled.
    case missingSymbol(String, stamp: String, path: String)
    case missingEntry
    case notAPlugin
    case badDescriptor(String)
    case dependency(String)
    case registration(String)
    case commandConflict(path: String, owner: String)
    case wordConflict(String)
    case disagreesWithDescriptor(String)
    case badSettings(ConfigError)
    case crashed(CrashJournal.Record)

    var description: String {
        switch self {
        case .unsafePermissions(let path):
            "refused: \(path) is writable by group or others, so another user could replace the code strata runs. Fix: chmod go-w \(path)"
        case .foreignOwner(let path, let owner, let isFolder):
            "refused: \(path) belongs to user \(owner), not to you or root, so they could replace the code strata runs"
                + (isFolder ? " by renaming what is in it" : "")
                + ". Fix: copy the plugin into a folder of your own (such as ~/.local/lib/strata/plugins) if you trust it."
        case .sharedPluginFolder(let path):
            "refused: the plugin folder \(path) is shared (anyone may add files to it), so anyone could put code there for strata to run. "
                + "Fix: keep plugins in a folder of your own, such as ~/.local/lib/strata/plugins, and name that in `pluginDirectories`."
        case .notRegularFile(let path):
            "refused: \(path) is not a regular file, so it can't be a plugin library. Remove it from the plugin folder."
        case .replacedSinceChecked(let path):
            "refused: \(path) was replaced after strata checked it, so it was not loaded. Run the command again."
        case .changedSincePinned(let id, let path):
            "refused: \(path) changed after strata checked its pinned digest, so it was not loaded. If you trust the new file, "
                + "pin it again (`strata plugins trust \(id)`, or `strata config allow` for an approved config) and restart strata."
        case .notPinned(let id, let path, .pinnedTrust):
            "refused: trust is pinned and no digest is recorded for \(path). If you trust this file, run `strata plugins trust \(id)`."
        case .pinMismatch(let id, let path, let recorded, let current, .pinnedTrust):
            "refused: trust is pinned and \(path) changed: its SHA-256 is \(current), but \(recorded) was recorded. "
                + "If you trust the new file, run `strata plugins trust \(id)`."
        case .notPinned(_, let path, .approvedConfig(let config)):
            "refused: \(path) was not there when you approved \(config), and that approval covers only the plugins it loaded then. "
                + "If you trust it, review the config and run `strata config allow` again."
        case .pinMismatch(_, let path, _, _, .approvedConfig(let config)):
            "refused: \(path) changed since you approved \(config), and that approval covers only the plugins as they were. "
                + "If you trust the new file, review the config and run `strata config allow` again."
        case .duplicateID(let id, let firstPath):
            "duplicate plugin id '\(id)': already loaded from \(firstPath). Remove one of the two libraries."
        case .notLoadable(let detail):
            "not a loadable library: \(detail)"
        case .missingStamp:
            "no ABI stamp (`\(StrataABI.stampSymbol)`): not a Strata plugin, or built without the entry file. Add it (see `strata plugins new`) and rebuild."
        case .incompatible(let detail):
            detail
        case .missingSymbol(let symbol, let stamp, let path):
            "it needs \(symbol) from the Strata SDK, which this strata's SDK \(StrataABI.sdkVersion) lacks (the plugin was built with "
                + "\(StrataABI.Stamp(stamp)?.description ?? stamp)): rebuild it against this SDK, or update strata. "
                + "`strata plugins verify \(path)` lists every missing symbol."
        case .missingEntry:
            "no entry point `\(StrataABI.entrySymbol)`. Export it with @c(\(StrataABI.entrySymbol)) and rebuild."
        case .notAPlugin:
            "the entry point did not return a Strata plugin (is the library linked against another copy of the SDK?). Depend on Core's StrataPluginKit product and rebuild."
        case .badDescriptor(let detail):
            "invalid descriptor: \(detail)"
        case .dependency(let detail):
            detail
        case .registration(let detail):
            "registration failed: \(detail)"
        case .commandConflict(let path, let owner):
            "command '\(path)' is already provided by \(owner). Rename the command."
        case .wordConflict(let detail):
            "conflict: \(detail)"
        case .disagreesWithDescriptor(let detail):
            "its code disagrees with its descriptor (plugin.json): \(detail). Rebuild it, or make the two agree."
        case .badSettings(let error):
            "not loaded: \(error) Fix the config; `strata config check` lists every problem."
        case .crashed(let record):
            "\(Self.crash(record)) and is skipped until the file changes. Run `strata plugins retry \(record.id)` to try it again."
        }
    }
}

extension PluginFailure {
    /// What the journal knows of a crash, and how it knows.
    private static func crash(_ record: CrashJournal.Record) -> String {
        switch record.phase {
        case nil:
            "crashed strata with \(signalName(record.signal)) on \(record.date)"
        case .activating:
            "strata ended while loading it on \(record.date) (the entry written before its activation was never cleared: "
                + "the process exited, was killed or overflowed its stack in the plugin's code)"
        case .timedOut:
            "timed out: it did not finish loading within \(secondsText(LoadWatchdog.timeout)) on \(record.date) "
                + "(its library's constructor or its registration does not return)"
        }
    }
}

/// Why a folder can't be created, in words: the nearest existing ancestor is a file, or isn't writable.
func folderProblem(_ url: URL) -> String {
    var ancestor = url
    while !FileManager.default.fileExists(atPath: ancestor.path), ancestor.path != "/" { ancestor.deleteLastPathComponent() }
    var isFolder = false
    _ = FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isFolder)
    if !isFolder { return "\(ancestor.path) is a file, not a folder" }
    if !FileManager.default.isWritableFile(atPath: ancestor.path) { return "\(ancestor.path) is not writable" }
    return "the folder could not be created"
}
