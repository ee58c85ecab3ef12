extension ChartSnapshot {
    /// Not API: a compact identity of the snapshot for tools that tell snapshots apart by the hundreds of
    /// thousands (state-space exploration): whether it finished and in which final state, the active states
    /// as bit words, then each recorded history value (the history state's index, then its states' words).
    /// Two snapshots of one chart have equal identities exactly when their configurations, history values
    /// and finished states are equal; the context is not included.
    ///
    /// - Complexity: O(*n* / 64 + *h* log *h*) for *n* states and *h* recorded history values.
    public var _configurationIdentity: [UInt64] {
        var words: [UInt64] = [_isFinished ? 1 : 0, UInt64(bitPattern: Int64(finalIndex))]
        func append(_ set: ChartStateSet) {
            var high = set.spilled ?? []
            while high.last == 0 { high.removeLast() }
            words.append(UInt64(high.count))
            words.append(set.low)
            words.append(contentsOf: high)
        }
        append(active)
        if let recordedHistories {
            for index in recordedHistories.keys.sorted() {
                guard let set = recordedHistories[index] else { continue }
                words.append(UInt64(index))
                append(set)
            }
        }
        return words
    }
}

extension ChartSnapshot {
    /// The same snapshot with another context, for the explorer of SCXML documents, which tries each value of
    /// a condition it cannot evaluate (an opaque guard) by setting the variable that stands for it.
    package func _replacingContext(_ context: Context) -> ChartSnapshot {
        var snapshot = self
        snapshot._context = context
        return snapshot
    }
}
