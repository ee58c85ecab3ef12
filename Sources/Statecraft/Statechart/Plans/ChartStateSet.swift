/// A set of a chart's states, stored as a bitset over their document-order indices.
///
/// The first 64 states live inline, so a set of states of a small chart never allocates; larger charts
/// spill the rest into an array. Iterating visits states in document order (ascending index) or, with
/// ``reversedIndices()``, in reverse document order — the SCXML entry and exit orders.
@usableFromInline
struct ChartStateSet: Hashable, Sendable {
    @usableFromInline var low: UInt64 = 0
    /// The words after the first; `nil` while empty, so that copying a set of a small chart copies no
    /// array (snapshots are copied several times per event).
    @usableFromInline var spilled: [UInt64]?

    /// The words after the first.
    @inlinable var high: [UInt64] {
        get { spilled ?? [] }
        _modify {
            var words = spilled ?? []
            spilled = nil
            defer { spilled = words.isEmpty ? nil : words }
            yield &words
        }
    }

    @inlinable init() {}

    /// The set of the first 64 states whose bits `low` holds.
    @inlinable init(low: UInt64) { self.low = low }

    /// Whether the set holds no state.
    @inlinable var isEmpty: Bool { low == 0 && (spilled?.allSatisfy { $0 == 0 } ?? true) }

    /// The number of words after the first. Reads ``spilled`` directly: going through ``high`` would
    /// make an empty array (a retain and a release) for every set of a small chart.
    @inlinable var spilledCount: Int { spilled?.count ?? 0 }

    /// Whether the set holds the state at `index`.
    @inlinable func contains(_ index: Int) -> Bool {
        if index < 64 { return low & (1 << UInt64(index)) != 0 }
        guard let spilled else { return false }
        let word = index / 64 - 1
        guard word < spilled.count else { return false }
        return spilled[word] & (1 << UInt64(index % 64)) != 0
    }

    /// Adds the state at `index`.
    @inlinable mutating func insert(_ index: Int) {
        if index < 64 {
            low |= 1 << UInt64(index)
            return
        }
        insertSpilled(index)
    }

    /// ``insert(_:)`` for a state past the first 64, out of line so that the common case inlines.
    @usableFromInline mutating func insertSpilled(_ index: Int) {
        let word = index / 64 - 1
        while high.count <= word { high.append(0) }
        high[word] |= 1 << UInt64(index % 64)
    }

    /// Removes the state at `index`.
    @inlinable mutating func remove(_ index: Int) {
        if index < 64 {
            low &= ~(1 << UInt64(index))
            return
        }
        removeSpilled(index)
    }

    /// ``remove(_:)`` for a state past the first 64, out of line so that the common case inlines.
    @usableFromInline mutating func removeSpilled(_ index: Int) {
        let word = index / 64 - 1
        guard word < spilledCount else { return }
        high[word] &= ~(1 << UInt64(index % 64))
    }

    /// Removes every state.
    @inlinable mutating func removeAll() {
        low = 0
        if spilled != nil { spilled = nil }
    }

    /// Whether the set holds any state whose index is in `range`.
    /// - Complexity: O(*n*) in the length of `range`.
    @inlinable func containsAny(in range: Range<Int>) -> Bool {
        for index in range where contains(index) { return true }
        return false
    }

    /// Whether the two sets share a state.
    /// - Complexity: O(*n*/64) in the number of states of the chart.
    @inlinable func intersects(_ other: ChartStateSet) -> Bool {
        if low & other.low != 0 { return true }
        guard let mine = spilled, let theirs = other.spilled else { return false }
        for word in 0..<Swift.min(mine.count, theirs.count) where mine[word] & theirs[word] != 0 {
            return true
        }
        return false
    }

    /// Adds every state of `other`.
    /// - Complexity: O(*n*/64) in the number of states of the chart.
    @inlinable mutating func formUnion(_ other: ChartStateSet) {
        low |= other.low
        guard let otherHigh = other.spilled else { return }
        while high.count < otherHigh.count { high.append(0) }
        for word in otherHigh.indices { high[word] |= otherHigh[word] }
    }

    /// The states in both sets.
    /// - Complexity: O(*n*/64) in the number of states of the chart.
    @inlinable func intersection(_ other: ChartStateSet) -> ChartStateSet {
        var result = ChartStateSet()
        result.low = low & other.low
        guard let mine = spilled, let theirs = other.spilled else { return result }
        var words: [UInt64] = []
        for word in 0..<Swift.min(mine.count, theirs.count) { words.append(mine[word] & theirs[word]) }
        if words.contains(where: { $0 != 0 }) { result.spilled = words }
        return result
    }

    /// The states of the set whose index is in `range`.
    /// - Complexity: O(*n*/64) in the number of states of the chart.
    @inlinable func intersection(_ range: Range<Int>) -> ChartStateSet {
        var result = ChartStateSet()
        guard !range.isEmpty else { return result }
        result.low = low & Self.mask(ofWord: 0, keeping: range)
        guard let spilled else { return result }
        let firstWord = Swift.max(1, range.lowerBound / 64)
        let lastWord = Swift.min(spilled.count, (range.upperBound - 1) / 64)
        guard firstWord <= lastWord else { return result }
        var words = [UInt64](repeating: 0, count: lastWord)
        var anySet = false
        for word in firstWord...lastWord {
            words[word - 1] = spilled[word - 1] & Self.mask(ofWord: word, keeping: range)
            anySet = anySet || words[word - 1] != 0
        }
        if anySet { result.spilled = words }
        return result
    }

    /// The bits of word `word` (word 0 is ``low``) whose state indices are in `range`.
    @inlinable static func mask(ofWord word: Int, keeping range: Range<Int>) -> UInt64 {
        let start = word * 64
        let lower = Swift.max(range.lowerBound, start) - start
        let upper = Swift.min(range.upperBound, start + 64) - start
        guard lower < upper else { return 0 }
        let width = upper - lower
        return (width == 64 ? ~0 : (UInt64(1) << UInt64(width)) - 1) << UInt64(lower)
    }

    /// The indices in the set, ascending: document order.
    /// - Complexity: O(*n*) in the number of states of the chart.
    @inlinable func indices() -> [Int] { Array(self) }

    /// The indices in the set, descending: reverse document order. Does not allocate.
    /// - Complexity: O(*n*) in the number of states of the chart.
    @inlinable func reversedIndices() -> ReversedIterator { ReversedIterator(set: self) }

    /// The number of states in the set.
    @inlinable var count: Int {
        (spilled ?? []).reduce(low.nonzeroBitCount) { $0 + $1.nonzeroBitCount }
    }

    /// Two sets are equal when they hold the same states, whatever their spilled storage's length.
    @inlinable static func == (lhs: ChartStateSet, rhs: ChartStateSet) -> Bool {
        guard lhs.low == rhs.low else { return false }
        if lhs.spilled == nil && rhs.spilled == nil { return true }
        for word in 0..<Swift.max(lhs.high.count, rhs.high.count) {
            let left = word < lhs.high.count ? lhs.high[word] : 0
            let right = word < rhs.high.count ? rhs.high[word] : 0
            if left != right { return false }
        }
        return true
    }

    @inlinable func hash(into hasher: inout Hasher) {
        hasher.combine(low)
        var trimmed = high
        while trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }
}

extension ChartStateSet: Sequence {
    /// Visits the indices of a ``ChartStateSet`` in ascending (document) order without allocating.
    @usableFromInline
    struct Iterator: IteratorProtocol {
        @usableFromInline let set: ChartStateSet
        @usableFromInline var word = -1
        @usableFromInline var bits: UInt64

        @inlinable init(set: ChartStateSet) {
            self.set = set
            self.bits = set.low
        }

        @inlinable mutating func next() -> Int? {
            while bits == 0 {
                word += 1
                guard let spilled = set.spilled, word < spilled.count else { return nil }
                bits = spilled[word]
            }
            let bit = bits.trailingZeroBitCount
            bits &= bits - 1
            return (word + 1) * 64 + bit
        }
    }

    @inlinable func makeIterator() -> Iterator { Iterator(set: self) }
}

extension ChartStateSet {
    /// Visits the indices of a ``ChartStateSet`` in descending (reverse document) order without
    /// allocating.
    @usableFromInline
    struct ReversedIterator: IteratorProtocol, Sequence {
        @usableFromInline let set: ChartStateSet
        /// The word being read: `set.high.count` down to 1 for the spilled words, 0 for `low`.
        @usableFromInline var word: Int
        @usableFromInline var bits: UInt64

        @inlinable init(set: ChartStateSet) {
            self.set = set
            self.word = set.spilledCount
            self.bits = set.spilled?.last ?? set.low
        }

        @inlinable mutating func next() -> Int? {
            while bits == 0 {
                guard word > 0 else { return nil }
                word -= 1
                bits = word == 0 ? set.low : set.spilled.map { $0[word - 1] } ?? 0
            }
            let bit = 63 - bits.leadingZeroBitCount
            bits &= ~(1 << UInt64(bit))
            return word * 64 + bit
        }
    }
}
