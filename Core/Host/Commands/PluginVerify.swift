import FoundationEssentials
import Glibc
import StrataPluginKit

/// `strata plugins verify FILE [--against VERSION|all] [--json]`: whether a plugin library fits this strata
/// (or, `--against`, a released SDK's ``SDKBaseline``), judged from the file alone (nothing of it is loaded
/// or run): the SDK and Swift versions in its descriptor (``StrataABI/refusal(ofStamp:host:)``) and every
/// symbol it expects from the SDK (``SDKSymbolCheck``). Exit status 0 when it fits, 1 when it doesn't or can't
/// be read, 2 for a release with no baseline. The JSON is documented in docs/sdk-releases.md.
struct PluginVerification: Encodable {
    var path: String
    var id: String?
    /// The plugin's stamp, and the SDK version and Swift compiler it names.
    var stamp: String?
    var sdk: String?
    var swift: String?
    /// The released SDK it was checked against; `nil` (absent from the JSON) for this strata.
    var against: String?
    /// The SDK and compiler it was checked against: this strata's, or the release's.
    var hostSDK = StrataABI.sdkVersion
    var hostSwift = StrataABI.swiftVersion
    /// Whether it fits: no problem and no missing symbol.
    private(set) var compatible = false
    /// Why it doesn't fit, apart from missing symbols: an unreadable file or descriptor, another SDK or Swift.
    var problems: [String] = []
    /// The SDK symbols it expects that this strata's SDK lacks.
    var missingSymbols: [Symbol] = []
    /// How many symbols it expects from the SDK.
    var sdkSymbols = 0

    struct Symbol: Encodable {
        let mangled: String
        let demangled: String
    }

    /// Judges the library at `path` through one open descriptor, against this strata or `baseline`.
    init(path: String, against baseline: SDKBaseline? = nil) {
        self.path = path
        if let baseline {
            against = baseline.version.description
            hostSDK = baseline.version.description
            hostSwift = baseline.swift
        }
        defer { compatible = problems.isEmpty && missingSymbols.isEmpty }
        let file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else {
            problems.append("can't open \(path): \(String(cString: strerror(errno))). Check the path.")
            return
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            problems.append("\(path) is not a regular file, so it can't be a plugin library.")
            return
        }
        do {
            let descriptor = try PluginDescriptorSection.decode(PluginDescriptorReader.section(file: file, path: path))
            id = descriptor.id
            stamp = descriptor.abi
            let parsed = StrataABI.Stamp(descriptor.abi)
            sdk = parsed?.sdk?.description
            swift = parsed?.swift
            if let refusal = StrataABI.refusal(ofStamp: descriptor.abi, host: baseline?.stamp ?? StrataABI.currentStamp) {
                problems.append(refusal)
            }
        } catch {
            problems.append("\(error)")
        }
        do {
            let symbols = try LibrarySymbols.read(file: file, path: path)
            let exports = baseline.map(\.symbols) ?? SDKSymbolCheck.exports
            if exports == nil {
                problems.append("can't find this strata's SDK libraries (no libStrataPluginKit.so is mapped), so its symbols were not checked")
            }
            if !symbols.exports.contains(StrataABI.entrySymbol) {
                problems.append(
                    "it defines no entry point '\(StrataABI.entrySymbol)', so strata can't load it as a plugin "
                        + "(a plugin declares it with @c(\(StrataABI.entrySymbol)), as `strata plugins new` writes)")
            }
            sdkSymbols = symbols.imports.filter(SDKSymbolCheck.isFromSDK).count
            missingSymbols = SDKSymbolCheck.missing(symbols, exports: exports).map { Symbol(mangled: $0, demangled: SDKSymbolCheck.demangle($0)) }
        } catch  where !problems.contains("\(error)") {  // a file that is no library says so once
            problems.append("\(error)")
        } catch {}
    }

    /// What it was checked against, in words: `this strata` or `SDK 1.0.0`.
    private var target: String { against.map { "SDK \($0)" } ?? "this strata" }

    /// The report for people.
    var text: String {
        let built =
            "built with SDK \(sdk ?? "?") and Swift \(swift ?? "?"); "
            + (against == nil ? "this strata has SDK \(hostSDK) and Swift \(hostSwift)" : "\(target) was released built with Swift \(hostSwift)")
        let fits = against.map { "compatible with SDK \($0)" } ?? "compatible"
        guard !compatible else {
            return "\(path): \(fits) (\(id ?? "?")): \(built); all \(sdkSymbols) symbols it expects from the SDK are there.\n"
        }
        guard sdk != nil || swift != nil else {
            // Nothing of its build could be read: the file's own problem is the whole report.
            return (["\(path): can't be checked as a plugin:"] + problems.map { "  \($0)" }).joined(separator: "\n") + "\n"
        }
        var lines = ["\(path): incompatible\(against.map { " with SDK \($0)" } ?? ""): \(built)."]
        lines += problems.map { "  \($0)" }
        if !missingSymbols.isEmpty {
            lines.append(
                "  \(missingSymbols.count) of the \(sdkSymbols) symbols it expects from the SDK are missing from \(against == nil ? "this strata's SDK" : target) "
                    + "(rebuild the plugin against it, or update strata):")
            lines += missingSymbols.map { "    \($0.demangled)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Prints the report (against `release`, a released SDK version or `all` of them, when given) and answers
    /// the exit status: with `all`, 0 only when it fits every release, and the JSON is an array of reports.
    static func run(_ path: String, against release: String?, json: Bool) throws(CommandExit) {
        guard let release else {
            let verification = PluginVerification(path: path)
            if json { Console.writeJSON(verification) } else { Console.write(verification.text) }
            return try CommandExit.unless(verification.compatible)
        }
        let option = PluginsVerifyCommand.name(\.against)
        let found: (folder: String, versions: [SemanticVersion])?
        do {
            found = try SDKBaseline.releases()
        } catch {
            Console.error("\(error), so \(option) can't check anything: remove what isn't a release's folder from it")
            throw .usage
        }
        guard let (folder, versions) = found else {
            Console.error(
                "no SDK release baseline (<version>/symbols.txt) in \(SDKBaseline.folders.joined(separator: " or ")), so \(option) can't check anything: reinstall strata, or run it from a checkout"
            )
            throw .usage
        }
        let chosen = release == "all" ? versions : versions.filter { $0.description == release }
        guard !chosen.isEmpty else {
            Console.error("\(option) \(release): no such SDK release; the releases are \(versions.map(\.description).joined(separator: ", ")), or all")
            throw .usage
        }
        var reports: [PluginVerification] = []
        for version in chosen {
            do {
                reports.append(PluginVerification(path: path, against: try SDKBaseline(version: version, folder: folder)))
            } catch {
                Console.error("SDK \(version)'s baseline can't be read: \(error)")
                throw .usage
            }
        }
        if json {
            if release == "all" { Console.writeJSON(reports) } else { Console.writeJSON(reports[0]) }
        } else {
            Console.write(reports.map(\.text).joined())
        }
        try CommandExit.unless(reports.allSatisfy(\.compatible))
    }
}
