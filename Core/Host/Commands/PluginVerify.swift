import FoundationEssentials
import Glibc
import StrataPluginKit

/// `strata plugins verify FILE [--json]`: whether a plugin library fits this strata, judged from the file
/// alone (nothing of it is loaded or run): the SDK and Swift versions in its descriptor
/// (``StrataABI/refusal(ofStamp:host:)``) and every symbol it expects from the SDK (``SDKSymbolCheck``).
/// Exit status 0 when it fits, 1 when it doesn't or can't be read.
struct PluginVerification: Encodable {
    var path: String
    var id: String?
    /// The plugin's stamp, and the SDK version and Swift compiler it names.
    var stamp: String?
    var sdk: String?
    var swift: String?
    /// This strata's.
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

    /// Judges the library at `path` through one open descriptor.
    init(path: String) {
        self.path = path
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
            if let refusal = StrataABI.refusal(ofStamp: descriptor.abi) { problems.append(refusal) }
        } catch {
            problems.append("\(error)")
        }
        do {
            let symbols = try LibrarySymbols.read(file: file, path: path)
            if SDKSymbolCheck.exports == nil {
                problems.append("can't find this strata's SDK libraries (no libStrataPluginKit.so is mapped), so its symbols were not checked")
            }
            sdkSymbols = symbols.imports.filter(SDKSymbolCheck.isFromSDK).count
            missingSymbols = SDKSymbolCheck.missing(symbols).map { Symbol(mangled: $0, demangled: SDKSymbolCheck.demangle($0)) }
        } catch  where !problems.contains("\(error)") {  // a file that is no library says so once
            problems.append("\(error)")
        } catch {}
    }

    /// The report for people.
    var text: String {
        let built = "built with SDK \(sdk ?? "?") and Swift \(swift ?? "?"); this strata has SDK \(hostSDK) and Swift \(hostSwift)"
        guard !compatible else {
            return "\(path): compatible (\(id ?? "?")): \(built); all \(sdkSymbols) symbols it expects from the SDK are there.\n"
        }
        guard sdk != nil || swift != nil else {
            // Nothing of its build could be read: the file's own problem is the whole report.
            return (["\(path): can't be checked as a plugin:"] + problems.map { "  \($0)" }).joined(separator: "\n") + "\n"
        }
        var lines = ["\(path): incompatible: \(built)."]
        lines += problems.map { "  \($0)" }
        if !missingSymbols.isEmpty {
            lines.append(
                "  \(missingSymbols.count) of the \(sdkSymbols) symbols it expects from the SDK are missing from this strata's SDK "
                    + "(rebuild the plugin against it, or update strata):")
            lines += missingSymbols.map { "    \($0.demangled)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Prints the report and answers the exit status.
    static func run(_ path: String, json: Bool) -> Int32 {
        let verification = PluginVerification(path: path)
        if json { Console.writeJSON(verification) } else { Console.write(verification.text) }
        return verification.compatible ? 0 : 1
    }
}
