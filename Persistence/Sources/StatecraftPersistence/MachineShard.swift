/// Which shard a machine belongs to: machines are shared out among workers by shard (``ShardLeases``).
public enum MachineShard {
    /// The shard of `machine` among `count` shards: FNV-1a (64-bit) of the identifier's UTF-8 bytes, modulo
    /// `count` — the same in every process, on every platform.
    ///
    /// - Parameters:
    ///   - machine: The machine's identifier.
    ///   - count: The number of shards, at least 1.
    /// - Returns: A shard in `0..<count`.
    /// - Complexity: O(*n*) in the identifier's length.
    public static func of(_ machine: String, count: Int) -> Int {
        precondition(count > 0, "A store has at least one shard, not \(count)")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in machine.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(count))
    }
}
