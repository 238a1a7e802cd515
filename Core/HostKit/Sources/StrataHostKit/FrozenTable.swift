import StrataDI

/// The registration table once frozen: an open-addressing hash table keyed by the type's address, so a
/// lookup is a multiply, a shift and a compare or two (no SipHash on the hot path).
@usableFromInline
final class FrozenTable: Sendable {
    /// Owns the entries; the slots only borrow them.
    let entries: [Key: AnyEntry]
    /// The slots as unretained references in a plain buffer, read without touching reference counts.
    @usableFromInline nonisolated(unsafe) let borrowedSlots: UnsafeMutablePointer<Unmanaged<AnyEntry>?>
    @usableFromInline let mask: Int
    @usableFromInline let shift: Int

    init(entries: [Key: AnyEntry]) {
        self.entries = entries
        var bits = 4
        while 1 << bits < entries.count * 2 { bits += 1 }
        shift = UInt.bitWidth - bits
        mask = (1 << bits) - 1
        var slots = [AnyEntry?](repeating: nil, count: 1 << bits)
        for entry in entries.values {
            var index = Self.slot(entry.key.type, entry.key.name, shift: shift)
            while slots[index] != nil { index = (index + 1) & mask }
            slots[index] = entry
        }
        borrowedSlots = .allocate(capacity: slots.count)
        borrowedSlots.initialize(from: slots.map { $0.map(Unmanaged.passUnretained) }, count: slots.count)
    }

    deinit { borrowedSlots.deallocate() }

    /// The entry `requester` gets for a type and name (its own private one, else the shared one; see
    /// `Container.visible`), without retaining anything: it stays alive as long as the table does.
    @inlinable
    func borrowedLookup(_ type: ObjectIdentifier, _ name: String?, requester: Owner) -> Unmanaged<AnyEntry>? {
        var index = Self.slot(type, name, shift: shift)
        var best: (slot: Unmanaged<AnyEntry>, rank: Int)?
        while let slot = borrowedSlots[index] {
            let rank = slot._withUnsafeGuaranteedRef { entry in
                entry.key.type == type && entry.key.name == name ? Container.rank(of: entry.key.scope, for: requester) : nil
            }
            if let rank {
                if rank == 0 { return slot }
                if best.map({ rank < $0.rank }) ?? true { best = (slot, rank) }
            }
            index = (index + 1) & mask
        }
        return best?.slot
    }

    @inlinable @inline(__always)
    static func slot(_ type: ObjectIdentifier, _ name: String?, shift: Int) -> Int {
        // Unnamed lookups (the hot path) hash only the type's address; names are mixed in so that many names
        // of one type don't probe linearly.
        let seed = UInt(bitPattern: type) ^ (name.map { UInt(bitPattern: $0.hashValue) } ?? 0)
        return Int(truncatingIfNeeded: (seed &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    }
}
