import Glibc
import StrataPluginKit

/// A released SDK's binary baseline: `<version>/symbols.txt` (written by `Scripts/sdk-abi dump`, or `symbols
/// VERSION` for a release cut before it), whose first line is the release's stamp
/// (`strata-sdk=1.0.0;swift=6.3.1`, the compiler it was built with) and every other line a Swift symbol its
/// libraries export. `strata plugins verify --against` judges a plugin with it, as if it ran in a strata of
/// that release, loading nothing.
struct SDKBaseline {
    let version: SemanticVersion
    /// Its stamp, and the compiler the stamp names.
    let stamp: String
    let swift: String
    let symbols: Set<String>

    /// The largest baseline file read: a release's is about 150 KB.
    static let sizeLimit = 16 << 20

    /// Where baselines are looked for, in order: an installed strata's `lib/strata/sdk/ABI`, found from the
    /// folder of the SDK libraries it runs with (`lib/strata`, or `lib/strata/sdk` itself), then the `Core/ABI`
    /// of the checkout it was built from.
    static var folders: [String] {
        (SDKSymbolCheck.folder.map { ["\($0)/sdk/ABI", "\($0)/ABI"] } ?? []) + ["\(Scaffold.defaultCorePath())/ABI"]
    }

    /// The first of ``folders`` that holds a baseline, and the versions it has, oldest first. A folder that
    /// can't be listed is passed over.
    /// - Throws: ``FolderListingFailure`` for a folder too big to list, met before one with a baseline: a
    ///   release in it would be passed over without a word.
    static func releases(in folders: [String] = folders) throws(FolderListingFailure) -> (folder: String, versions: [SemanticVersion])? {
        for folder in folders {
            let names: [String]
            do {
                names = try folderNames(folder)
            } catch {
                guard case .unreadable = error.reason else { throw error }
                continue
            }
            let versions = names.compactMap { name in
                SemanticVersion(name).flatMap { access("\(folder)/\(name)/symbols.txt", R_OK) == 0 ? $0 : nil }
            }
            if !versions.isEmpty { return (folder, versions.sorted()) }
        }
        return nil
    }

    /// Reads the baseline of `version` in `folder` through one descriptor.
    /// - Throws: a ``Failure`` that says what is wrong with the file.
    init(version: SemanticVersion, folder: String) throws(Failure) {
        let path = "\(folder)/\(version)/symbols.txt"
        let file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { throw Failure("can't open \(path): \(String(cString: strerror(errno)))") }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, let bytes = readWhole(file, status: status, limit: Self.sizeLimit) else {
            throw Failure("\(path) is not a regular file of at most \(Self.sizeLimit >> 20) MB that reads whole")
        }
        var lines = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }[...]
        guard let first = lines.popFirst(), let parsed = StrataABI.Stamp(first), parsed.sdk == version else {
            throw Failure("\(path) doesn't start with the stamp of SDK \(version) (strata-sdk=\(version);swift=…): write it again with Scripts/sdk-abi")
        }
        self.version = version
        stamp = first
        swift = parsed.swift
        symbols = Set(lines)
    }

    /// Why a baseline can't be read, in words.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
