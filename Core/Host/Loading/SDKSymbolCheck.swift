import FoundationEssentials
import Glibc
import StrataBase
import StrataPluginKit

/// Whether a plugin library's binary fits this strata's SDK, judged from the files alone (IntelliJ's Plugin
/// Verifier does the same for a plugin's classes): every symbol the plugin expects from an SDK library must be
/// exported by the SDK libraries beside this strata. A plugin built against a newer SDK (or one with a
/// declaration removed) expects something they lack, and `dlopen` would fail or, worse, bind it to nothing.
enum SDKSymbolCheck {
    /// The SDK modules, as their names appear in Swift's mangling (`$s14StrataTerminal…`).
    static let modules = [
        "StrataBase", "StrataDI", "StrataNetworking", "StrataPluginKit", "StrataRuntime", "StrataStorage",
        "StrataTerminal", "StrataURLSession",
    ]
    /// The SDK's libraries (StrataDI ships inside libStrataPluginKit.so).
    static let libraries = [
        "StrataBase", "StrataNetworking", "StrataPluginKit", "StrataRuntime", "StrataStorage", "StrataTerminal",
        "StrataURLSession",
    ].map { "lib\($0).so" }

    /// The folder of the SDK libraries this process runs with: the one holding the libStrataPluginKit.so
    /// that the dynamic loader mapped into it, by its link map's name. Every catalog read needs it
    /// (``fingerprint``); finding it in `/proc/self/maps` took about 2 % of a 500-plugin listing's instructions,
    /// and asking `dlopen` for the library by name (RTLD_NOLOAD) 0.23 M instructions.
    static let folder: String? = {
        let suffix = "/libStrataPluginKit.so"
        typealias LinkMapOf = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Int32
        // The program's own handle (`dlopen(NULL)` searches nothing) and its link map: `dlinfo` and its
        // RTLD_DI_LINKMAP (2) are GNU extensions that the Glibc module doesn't declare.
        guard let handle = dlopen(nil, RTLD_LAZY) else { return nil }
        defer { dlclose(handle) }
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "dlinfo") else { return nil }
        var map: UnsafeRawPointer?
        guard unsafeBitCast(address, to: LinkMapOf.self)(handle, 2, &map) == 0 else { return nil }
        // The maps of the objects loaded, in their order: `struct link_map` (<link.h>) starts with the load
        // address, the file's name, the dynamic section and the next map.
        let word = MemoryLayout<UInt>.size
        while let current = map {
            if let name = current.load(fromByteOffset: word, as: UnsafePointer<CChar>?.self) {
                let path = String(cString: name)
                if path.hasSuffix(suffix) { return String(path.dropLast(suffix.count)) }
            }
            map = current.load(fromByteOffset: 3 * word, as: UnsafeRawPointer?.self)
        }
        return nil
    }()

    /// The SDK libraries' files as `stat` sees them (inode, size, change time), hashed: a verdict cached
    /// against other SDK files is not used.
    static let fingerprint = fingerprint(ofLibrariesIn: folder)

    /// ``fingerprint`` of the SDK libraries in `folder`: replacing or rewriting any of them, or adding or
    /// removing one, changes it.
    static func fingerprint(ofLibrariesIn folder: String?) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for library in libraries {
            var status = stat()
            let fields =
                folder.map { stat("\($0)/\(library)", &status) == 0 } == true
                ? "\(status.st_ino) \(status.st_size) \(status.st_ctim.tv_sec) \(status.st_ctim.tv_nsec);" : "-;"
            for byte in fields.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return String(hash, radix: 16)
    }

    /// Every symbol the SDK libraries in `folder` export, read once per process (and only when a plugin
    /// is judged: a cached verdict needs none of it).
    /// `nil` when this process maps no libStrataPluginKit.so (then nothing can be judged, and nothing is refused).
    static let exports: Set<String>? = {
        guard let folder else { return nil }
        var all: Set<String> = []
        for library in libraries {
            all.formUnion((try? LibrarySymbols.read(libraryAt: "\(folder)/\(library)").exports) ?? [])
        }
        return all
    }()

    /// The symbols of `symbols.imports` that name an SDK module in their mangling but that no SDK library
    /// exports, in the order the plugin lists them.
    static func missing(_ symbols: LibrarySymbols, exports: Set<String>? = exports) -> [String] {
        guard let exports else { return [] }
        return symbols.imports.filter { isFromSDK($0) && !exports.contains($0) }
    }

    /// Whether a Swift symbol is defined by an SDK module: its context is the module (`$s14StrataTerminal…`),
    /// or an extension the module declares on another module's type (`…14StrataTerminalE…`). A symbol of
    /// another library that merely mentions an SDK type (a generic argument) is not the SDK's to export.
    static func isFromSDK(_ symbol: String) -> Bool {
        guard symbol.hasPrefix("$s") else { return false }
        return mangledModules.contains { symbol.dropFirst(2).hasPrefix($0) || symbol.contains($0 + "E") }
    }

    private static let mangledModules = modules.map { "\($0.utf8.count)\($0)" }

    /// The plugin's first missing symbol, demangled, or `nil` when nothing is missing; an unreadable symbol
    /// table says so instead.
    static func firstMissing(file: Int32, path: String) -> String? {
        do {
            return try missing(LibrarySymbols.read(file: file, path: path)).first.map(demangle)
        } catch {
            return "\(error)"
        }
    }

    /// ``firstMissing(file:path:)`` of the library at `path`.
    static func firstMissing(libraryAt path: String) -> String? {
        let file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return "can't open \(path): \(String(cString: strerror(errno)))" }
        defer { close(file) }
        return firstMissing(file: file, path: path)
    }

    /// `symbol` as people read it (`StrataTerminal.ListRow.init(title: Swift.String) -> …`), by the Swift
    /// runtime's own demangler; the symbol itself if the runtime has none or can't read it.
    static func demangle(_ symbol: String) -> String {
        typealias Demangle =
            @convention(c) (UnsafePointer<CChar>?, Int, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int>?, UInt32)
            -> UnsafeMutablePointer<CChar>?
        guard let address = demangler else { return symbol }
        let function = unsafeBitCast(address, to: Demangle.self)
        let text = symbol.utf8CString
        guard let result = text.withUnsafeBufferPointer({ function($0.baseAddress, $0.count - 1, nil, nil, 0) }) else { return symbol }
        defer { free(result) }
        return Sanitizer.sanitize(String(cString: result))
    }

    /// `swift_demangle`, which the Swift runtime exports.
    nonisolated(unsafe) private static let demangler = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "swift_demangle")
}
