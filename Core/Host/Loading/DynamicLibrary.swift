import Dispatch
import Glibc

/// A shared library opened with `dlopen`. Never closed: unloading a library that holds Swift code
/// (type metadata, conformances) is unsafe.
struct DynamicLibrary {
    private let handle: UnsafeMutableRawPointer

    /// Opens the library, resolving all its symbols now so a missing dependency fails here.
    ///
    /// On the main queue, whichever thread asks: a library may bring Foundation into the process (the host
    /// doesn't link it), and CoreFoundation takes the thread it is first loaded on for the main thread.
    /// Loaded on a worker thread, it leaves the main queue undrained, and the process hangs at its next
    /// `await` on the main actor.
    /// - Throws: the loader's message (`dlerror`).
    init(path: String) throws(PluginFailure) {
        // dlerror is per thread: it is read on the thread that called dlopen.
        let (handle, error) = onMainQueue { () -> (UnsafeMutableRawPointer?, String) in
            let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL)
            return (handle, handle == nil ? Self.lastError() : "")
        }
        guard let handle else { throw .notLoadable(error) }
        self.handle = handle
    }

    /// The address of an exported C symbol, or `nil`.
    func symbol(_ name: String) -> UnsafeMutableRawPointer? { dlsym(handle, name) }

    private static func lastError() -> String {
        dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
    }
}

/// Marks the main queue, so that ``onMainQueue(_:)`` knows when it already runs there; `main.swift` calls it
/// first.
public func markMainQueue() { DispatchQueue.main.setSpecific(key: mainQueueKey, value: true) }

private let mainQueueKey = DispatchSpecificKey<Bool>()

/// `body`'s result, computed on the main queue: right here when this is the main queue, else waiting for it.
private func onMainQueue<T>(_ body: () -> T) -> T {
    if DispatchQueue.getSpecific(key: mainQueueKey) == true { return body() }
    return withoutActuallyEscaping(body) { body in
        nonisolated(unsafe) let body = body
        nonisolated(unsafe) var result: T?
        DispatchQueue.main.sync { result = body() }
        return result!
    }
}
