import Glibc

/// A shared library opened with `dlopen`. Never closed: unloading a library that holds Swift code
/// (type metadata, conformances) is unsafe.
struct DynamicLibrary {
    private let handle: UnsafeMutableRawPointer

    /// Opens the library, resolving all its symbols now so a missing dependency fails here.
    /// - Throws: the loader's message (`dlerror`).
    init(path: String) throws(PluginFailure) {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw .notLoadable(Self.lastError())
        }
        self.handle = handle
    }

    /// The address of an exported C symbol, or `nil`.
    func symbol(_ name: String) -> UnsafeMutableRawPointer? { dlsym(handle, name) }

    private static func lastError() -> String {
        dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
    }
}
