import Foundation
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

/// The files mapped into this process (from `/proc/self/maps`), read once for a whole listing.
func mappedFiles() -> Set<String> {
    // procfs reports a size of 0, so read to the end rather than trusting the size.
    guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else { return [] }
    defer { try? file.close() }
    let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    return Set(maps.split(separator: "\n").compactMap { line in line.firstIndex(of: "/").map { String(line[$0...]) } })
}
