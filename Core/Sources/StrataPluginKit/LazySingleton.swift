import Synchronization

/// A value made on first use and kept: the singleton of a plugin's typed composition root (kudoleh's
/// `lazy var` in `MoviesSceneDIContainer`), safe to reach from any thread.
///
/// ```swift
/// private let database = LazySingleton<SQLiteDatabase>()
/// func makeDatabase() throws -> SQLiteDatabase { try database { try opener().open(databaseURL) } }
/// ```
///
/// A `make` that throws keeps nothing, so the next use tries again. `make` runs under the singleton's own
/// lock: it may make other singletons, never this one.
public final class LazySingleton<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)

    /// An empty singleton; the first call makes its value.
    public init() {}

    /// The value, made by `make` on the first call (or the first after a `make` that threw).
    /// - Throws: what `make` throws.
    public func callAsFunction<Failure: Error>(_ make: () throws(Failure) -> Value) throws(Failure) -> Value {
        try stored.withLock { (value: inout Value?) throws(Failure) -> Value in
            if let value { return value }
            let made = try make()
            value = made
            return made
        }
    }
}
