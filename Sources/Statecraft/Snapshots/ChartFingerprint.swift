/// A structural fingerprint of a chart, stored in its snapshots so that restoring can tell whether the
/// snapshot fits: a digest of every state's kind, parent, initial child and transitions (triggers,
/// targets, kinds, whether guarded), and one such digest per state, so that a mismatch names the states
/// that differ.
///
/// It is computed from the chart's ``MachineDescription``: actions and guards are closures and do not
/// count, nor does the context's value. The digests are 64-bit FNV-1a hashes in hexadecimal, stable
/// across runs and platforms.
public struct ChartFingerprint: Codable, Hashable, Sendable {
    /// The digest of the whole chart.
    public var digest: String
    /// The digest of each state, by the state's identifier in the chart's description.
    public var states: [String: String]

    /// Computes the fingerprint of `chart`.
    ///
    /// - Parameter chart: The chart.
    /// - Complexity: O(*n* · *d*) in the number of states and transitions and the depth of the chart.
    public init<StateID, Event, Context>(_ chart: Statechart<StateID, Event, Context>) {
        self.init(chart.machineDescription())
    }

    /// Computes the fingerprint of a chart's description.
    ///
    /// - Parameter description: The description.
    /// - Complexity: O(*n*) in the number of states and transitions.
    public init(_ description: MachineDescription) {
        var lines: [String: [String]] = [:]
        for state in description.states {
            lines[state.id] = ["\(state.kind.rawValue)|\(state.parent ?? "")|\(state.initialChild ?? "")"]
        }
        for transition in description.transitions {
            lines[transition.source, default: []].append(
                "\(transition.event ?? "")>\(transition.targets.joined(separator: " ")):"
                    + "\(transition.kind.rawValue):\(transition.condition ?? "")")
        }
        var states: [String: String] = [:]
        var whole = FNV1a()
        whole.add("initial=\(description.initialState)\n")
        for state in description.states {
            var hash = FNV1a()
            for line in lines[state.id] ?? [] { hash.add(line + "\n") }
            states[state.id] = hash.hex
            whole.add("\(state.id)=\(hash.hex)\n")
        }
        self.digest = whole.hex
        self.states = states
    }

    /// The differences from the chart `other` was computed from to this one, by state: states only it
    /// has, states only this one has, then states in both whose digests differ; each group sorted.
    ///
    /// - Parameter other: The fingerprint stored in a snapshot.
    /// - Returns: The differences; empty when only the order of states differs.
    /// - Complexity: O(*n* log *n*) in the number of states.
    public func differences(from other: ChartFingerprint) -> [ChartDifference] {
        let removed = other.states.keys.filter { states[$0] == nil }.sorted().map(ChartDifference.stateRemoved)
        let added = states.keys.filter { other.states[$0] == nil }.sorted().map(ChartDifference.stateAdded)
        let changed = states.compactMap { id, hash in other.states[id].map { $0 == hash ? nil : id } ?? nil }
            .sorted().map(ChartDifference.stateChanged)
        return removed + added + changed
    }
}

/// The 64-bit FNV-1a hash of UTF-8 text.
private struct FNV1a {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
