import Dispatch

extension Array where Element: Sendable {
    /// `transform` of every element, in order, computed on all cores when there are at least
    /// `minimumCount` elements (discovering 500 plugins is mostly waiting on `open` and `pread`, which
    /// two cores halve); fewer are done on this thread, where starting workers would cost more than it saves.
    func concurrentMap<T: Sendable>(minimumCount: Int = 64, _ transform: @Sendable (Element) -> T) -> [T] {
        guard count >= minimumCount else { return map(transform) }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Each index is written by exactly one iteration, and all of them end before this returns.
            nonisolated(unsafe) let results = buffer.baseAddress!
            withoutActuallyEscaping(transform) { transform in
                let elements = self, chunks = Swift.min(count, 64)
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    for index in stride(from: chunk, to: elements.count, by: chunks) {
                        (results + index).initialize(to: transform(elements[index]))
                    }
                }
            }
            initialized = count
        }
    }
}
