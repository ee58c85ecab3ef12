/// A short ordered list of transition indices — SCXML's enabled transition set — that keeps its first
/// element inline, so the common case of one enabled transition per event does not allocate.
@usableFromInline
struct ChartTransitionList: Sequence {
    @usableFromInline var first = -1
    @usableFromInline var rest: [Int] = []

    @inlinable init() {}

    @inlinable init(_ elements: [Int]) {
        for element in elements { append(element) }
    }

    @inlinable var isEmpty: Bool { first < 0 }

    @inlinable var count: Int { first < 0 ? 0 : 1 + rest.count }

    /// Whether the list holds `index`.
    /// - Complexity: O(*n*).
    @inlinable func contains(_ index: Int) -> Bool {
        first == index || rest.contains(index)
    }

    /// Appends `index`.
    /// - Complexity: Amortised O(1).
    @inlinable mutating func append(_ index: Int) {
        if first < 0 { first = index } else { rest.append(index) }
    }

    @usableFromInline
    struct Iterator: IteratorProtocol {
        @usableFromInline let list: ChartTransitionList
        @usableFromInline var position = -1

        @inlinable init(list: ChartTransitionList) { self.list = list }

        @inlinable mutating func next() -> Int? {
            if position < 0 {
                position = 0
                return list.first < 0 ? nil : list.first
            }
            guard position < list.rest.count else { return nil }
            defer { position += 1 }
            return list.rest[position]
        }
    }

    @inlinable func makeIterator() -> Iterator { Iterator(list: self) }
}
