/// The machines a `DurableWorker` served, kept between its passes so that a pass loads only the machines
/// it has not served yet: each machine's state and the version it is the state of.
///
/// The journal stays the truth: an entry is only ever used as the base of a commit, and the store refuses a
/// commit whose base version is not the stored one — so an entry made stale by another writer costs a
/// conflict (after which the worker forgets the machine and loads it again), never a wrong step. Machines of
/// shards the worker no longer holds are forgotten at each claim, and everything is forgotten when its
/// leases may have run out between two claims or a pass failed.
actor ServedMachineCache<State: Sendable> {
    /// A machine's state at a version.
    struct Entry: Sendable {
        /// The state.
        var state: State
        /// The stored version it is the state of.
        var version: Int64
    }

    /// The machines kept, by identifier.
    private var entries: [String: Entry] = [:]
    /// When the leases of the last claim run out: a claim at or after it may follow another worker's.
    private var leasedUntil: DurableInstant?
    /// The shards of the last claim and when it was made, for passes that do not claim again.
    private var lastClaim: (shards: [Int], at: DurableInstant)?

    /// Forgets the machines of shards not in `shards` — or every machine, when the claim at `claimedAt`
    /// came after the previous claim's leases ran out — and records the new leases' end.
    ///
    /// - Parameters:
    ///   - shards: The shards held now.
    ///   - shardCount: The number of shards.
    ///   - claimedAt: When they were claimed.
    ///   - until: When their leases run out.
    /// - Complexity: O(*n*) in the machines kept when the shards changed, else O(*s*) in the shards.
    func claimed(_ shards: [Int], shardCount: Int, at claimedAt: DurableInstant, until: DurableInstant) {
        if let leasedUntil, leasedUntil <= claimedAt {
            entries.removeAll()
        } else if lastClaim?.shards != shards {
            // The same shards as the last claim keep every machine: those kept since are of its shards.
            let held = Set(shards)
            entries = entries.filter { held.contains(MachineShard.of($0.key, count: shardCount)) }
        }
        leasedUntil = until
        lastClaim = (shards, claimedAt)
    }

    /// The shards of the last claim and its instant, if it was made after `instant`.
    ///
    /// - Parameter instant: The earliest claim that counts.
    /// - Returns: The shards and the claim's instant, or `nil` when the last claim is older, or forgotten.
    func claim(after instant: DurableInstant) -> (shards: [Int], at: DurableInstant)? {
        guard let lastClaim, lastClaim.at > instant else { return nil }
        return lastClaim
    }

    /// The entries kept of `machines`.
    ///
    /// - Parameter machines: Machine identifiers.
    /// - Returns: The entries found, by identifier.
    /// - Complexity: O(*n*) in the machines asked for.
    func entries(of machines: [String]) -> [String: Entry] {
        var found: [String: Entry] = [:]
        for machine in machines { found[machine] = entries[machine] }
        return found
    }

    /// Keeps `updated` and forgets `forgotten` — and everything, should more than `capacity` machines be
    /// kept then.
    ///
    /// - Parameters:
    ///   - updated: New entries, by identifier.
    ///   - forgotten: Machines to load again next time.
    ///   - capacity: The most machines kept.
    func update(_ updated: [String: Entry], forgetting forgotten: [String], capacity: Int) {
        entries.merge(updated) { _, new in new }
        for machine in forgotten { entries[machine] = nil }
        if entries.count > capacity { entries.removeAll() }
    }

    /// Forgets every machine and the leases' end: what follows a failed pass.
    func forgetAll() {
        entries.removeAll()
        leasedUntil = nil
        lastClaim = nil
    }
}
