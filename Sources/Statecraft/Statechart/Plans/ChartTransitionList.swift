/// An ordered list of transition indices — the enabled transitions of a microstep — that keeps its
/// first four elements inline, so that a step of a chart whose regions enable up to four transitions at
/// once allocates nothing. Further elements go to a boxed array.
@usableFromInline
struct ChartTransitionList: Sequence, Sendable {
    /// The elements after the first four, boxed: a list of up to four holds a `nil` reference, which a
    /// copy and a destruction handle inline (an optional array is copied through its type's metadata,
    /// and an empty one costs a retain and a release).
    @usableFromInline
    final class Overflow: @unchecked Sendable {
        // `@unchecked`: only mutated while uniquely referenced (copy on write, in `append` and `remove`).
        @usableFromInline var elements: [Int]

        @usableFromInline init(_ elements: [Int]) { self.elements = elements }
    }

    @usableFromInline var inline: (Int, Int, Int, Int) = (-1, -1, -1, -1)
    @usableFromInline var overflow: Overflow?
    @usableFromInline var count = 0

    @usableFromInline static var inlineCapacity: Int { 4 }

    @inlinable init() {}

    /// A list of `count` (at most four) transitions held inline.
    @inlinable init(inline: (Int, Int, Int, Int), count: Int) {
        self.inline = inline
        self.count = count
    }

    /// A list of one transition.
    @inlinable init(single index: Int) {
        inline.0 = index
        count = 1
    }

    @inlinable var isEmpty: Bool { count == 0 }

    /// The element at `position`, which must be less than ``count``.
    @inlinable subscript(position: Int) -> Int {
        switch position {
        case 0: inline.0
        case 1: inline.1
        case 2: inline.2
        case 3: inline.3
        default: overflowElement(at: position - Self.inlineCapacity)
        }
    }

    @usableFromInline func overflowElement(at position: Int) -> Int {
        guard let overflow else { preconditionFailure("Internal inconsistency: no transition at \(position + 4)") }
        return overflow.elements[position]
    }

    @inlinable func contains(_ index: Int) -> Bool {
        for position in 0..<count where self[position] == index { return true }
        return false
    }

    @inlinable mutating func append(_ index: Int) {
        switch count {
        case 0: inline.0 = index
        case 1: inline.1 = index
        case 2: inline.2 = index
        case 3: inline.3 = index
        default: appendToOverflow(index)
        }
        count += 1
    }

    @usableFromInline mutating func appendToOverflow(_ index: Int) {
        if isKnownUniquelyReferenced(&overflow) {
            overflow?.elements.append(index)
        } else {
            overflow = Overflow((overflow?.elements ?? []) + [index])
        }
    }

    /// Removes the element at `position`, keeping the order of the others.
    @inlinable mutating func remove(at position: Int) {
        if count > Self.inlineCapacity {
            removeWithOverflow(at: position)
            return
        }
        for next in (position + 1)..<count {
            switch next {
            case 1: inline.0 = inline.1
            case 2: inline.1 = inline.2
            default: inline.2 = inline.3
            }
        }
        count -= 1
    }

    @usableFromInline mutating func removeWithOverflow(at position: Int) {
        var elements = Array(self)
        elements.remove(at: position)
        self = ChartTransitionList()
        for element in elements { append(element) }
    }

    @usableFromInline
    struct Iterator: IteratorProtocol {
        @usableFromInline let list: ChartTransitionList
        @usableFromInline var position = 0

        @inlinable init(list: ChartTransitionList) { self.list = list }

        @inlinable mutating func next() -> Int? {
            guard position < list.count else { return nil }
            defer { position += 1 }
            return list[position]
        }
    }

    @inlinable func makeIterator() -> Iterator { Iterator(list: self) }
}
