/// Which shard a machine belongs to: machines are shared out among workers by shard (``ShardLeases``).
///
/// A machine has a fixed *slot* among ``slotCount`` (FNV-1a of its identifier), stored beside its inbox
/// events and timers so that a worker's reads are index scans of its slots; its shard among `count`
/// shards is its slot modulo `count`. A count that divides ``slotCount`` (64, 8, any power of two up to
/// 4096) gives every shard the same number of slots.
public enum MachineShard {
    /// The number of slots: the most shards a store can be split into.
    public static let slotCount = 4096

    /// The slot of `machine`: FNV-1a (64-bit) of the identifier's UTF-8 bytes, modulo ``slotCount`` — the
    /// same in every process, on every platform.
    ///
    /// - Parameter machine: The machine's identifier.
    /// - Returns: A slot in `0..<slotCount`.
    /// - Complexity: O(*n*) in the identifier's length.
    public static func slot(of machine: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in machine.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(slotCount))
    }

    /// The shard of `machine` among `count` shards: its ``slot(of:)`` modulo `count`.
    ///
    /// - Parameters:
    ///   - machine: The machine's identifier.
    ///   - count: The number of shards, in `1...slotCount`.
    /// - Returns: A shard in `0..<count`.
    /// - Complexity: O(*n*) in the identifier's length.
    public static func of(_ machine: String, count: Int) -> Int {
        precondition((1...slotCount).contains(count), "A store has 1 to \(slotCount) shards, not \(count)")
        return slot(of: machine) % count
    }

    /// The slots of `shards` among `count` shards, sorted: what a store reads for a worker holding them.
    ///
    /// - Parameters:
    ///   - shards: Shards in `0..<count`.
    ///   - count: The number of shards, in `1...slotCount`.
    /// - Returns: Every slot whose shard is one of `shards`.
    /// - Complexity: O(*s* log *s*) in the slots returned (a worker computes them at every pass).
    public static func slots(of shards: some Sequence<Int>, count: Int) -> [Int] {
        precondition((1...slotCount).contains(count), "A store has 1 to \(slotCount) shards, not \(count)")
        let held = Set(shards).filter { (0..<count).contains($0) }
        return held.flatMap { stride(from: $0, to: slotCount, by: count) }.sorted()
    }
}
