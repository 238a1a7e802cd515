import Dispatch
import FoundationEssentials
import Glibc

/// A shared library opened with `dlopen`. Never closed: unloading a library that holds Swift code
/// (type metadata, conformances) is unsafe.
struct DynamicLibrary {
    private let handle: UnsafeMutableRawPointer

    /// Opens the library through `file`'s descriptor, resolving all its symbols now so a missing dependency
    /// fails here.
    ///
    /// `dlopen` is first given `/proc/self/fd/<copy>`, a copy of the descriptor kept open for the process's
    /// life: the kernel opens the very file the descriptor holds, whatever has been renamed over its path
    /// since, and the loader, which takes a name it has loaded before for that library, never sees the
    /// number again. `$ORIGIN` is then `/proc/self/fd`, which holds numbers only, and `$ORIGIN/..` is
    /// `/proc/self`: nobody can put a library in either, and a library the plugin needs that strata hasn't
    /// loaded is not found, which fails the load before any of its code runs. Only then is `dlopen` given a
    /// link to the descriptor in a folder of its own (`plugin/` in a `mkdtemp` folder in `/tmp`: mode 0700,
    /// made by this call alone), so that the libraries beside the plugin can be linked beside the link, as
    /// `$ORIGIN` would have found them in the plugin's folder, and the load tried again. The link is one level
    /// down so that `$ORIGIN/..`, which an installed plugin's RPATH names (its libraries in `lib/strata`), is
    /// the private folder too and never `/tmp`, where anyone may put a library. The folders are removed after
    /// the load. Most plugins need only what strata has loaded, and load the first way, without the folders'
    /// four changes to `/tmp` (0.1–2 ms on this ext4 `/tmp` of 15,000 entries; RESULTS.md §2).
    ///
    /// On the main queue, whichever thread asks: a library may bring Foundation into the process (the host
    /// doesn't link it), and CoreFoundation takes the thread it is first loaded on for the main thread.
    /// Loaded on a worker thread, it leaves the main queue undrained, and the process hangs at its next
    /// `await` on the main actor.
    /// - Throws: the loader's message (`dlerror`).
    init(_ file: borrowing PluginFile, temporaryFolder: String = "/tmp") throws(PluginFailure) {
        let kept = fcntl(file.descriptor, F_DUPFD_CLOEXEC, 0)
        if kept >= 0 {
            let byDescriptor = "/proc/self/fd/\(kept)"
            let (handle, error) = Self.open(byDescriptor)
            if let handle {
                self.handle = handle
                return
            }
            close(kept)
            // Only a library the plugin needs beside itself can make the second way work; any other failure
            // (not a library, a symbol missing) would be the same there.
            guard error.contains(Self.missingLibrary) else { throw .notLoadable(error.replacing(byDescriptor, with: file.path)) }
        }
        let name = URL(fileURLWithPath: file.path).lastPathComponent
        let folder = URL(fileURLWithPath: file.path).deletingLastPathComponent().path
        var template = Array("\(temporaryFolder)/strata-load-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            // No folder to be made (a helper's data folder mounted read-only), and the load through the
            // descriptor alone failed above.
            throw .notLoadable("can't make a folder in \(temporaryFolder) to load \(file.path) from: \(String(cString: strerror(errno)))")
        }
        let outer = String(cString: made)
        let staging = URL(fileURLWithPath: outer).appendingPathComponent("plugin")
        let link = staging.appendingPathComponent(name).path
        var linked: [String] = []
        defer {
            linked.forEach { unlink($0) }
            rmdir(staging.path)
            rmdir(outer)
        }
        guard mkdir(staging.path, 0o700) == 0 else {
            throw .notLoadable("can't make a folder in \(outer) to load \(file.path) from: \(String(cString: strerror(errno)))")
        }
        guard symlink("/proc/\(getpid())/fd/\(file.descriptor)", link) == 0 else {
            throw .notLoadable("can't prepare \(file.path) for loading in \(staging.path): \(String(cString: strerror(errno)))")
        }
        linked.append(link)
        while true {
            let (handle, error) = Self.open(link)
            if let handle {
                self.handle = handle
                return
            }
            // The loader's words name the link; people know the library by its own path.
            let failure = PluginFailure.notLoadable(error.replacing(link, with: file.path))
            guard linked.count < 64, let end = error.firstRange(of: Self.missingLibrary)?.lowerBound else { throw failure }
            let missing = String(error[..<end])
            let beside = "\(folder)/\(missing)", alias = staging.appendingPathComponent(missing).path
            guard !missing.contains("/"), !linked.contains(alias), access(beside, F_OK) == 0, symlink(beside, alias) == 0 else {
                throw failure
            }
            linked.append(alias)
        }
    }

    /// What the loader says after the name of a library it can't find.
    private static let missingLibrary = ": cannot open shared object file"

    /// Opens one of the host's own libraries (beside `strata`) by its path.
    /// - Throws: the loader's message (`dlerror`).
    init(path: String) throws(PluginFailure) {
        let (handle, error) = Self.open(path)
        guard let handle else { throw .notLoadable(error) }
        self.handle = handle
    }

    /// `dlopen` on the main queue (see above), with its error.
    private static func open(_ path: String) -> (UnsafeMutableRawPointer?, String) {
        // dlerror is per thread: it is read on the thread that called dlopen.
        onMainQueue { () -> (UnsafeMutableRawPointer?, String) in
            let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL)
            return (handle, handle == nil ? lastError() : "")
        }
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
