/// An ordered list of transition indices — the enabled transitions of a microstep — that keeps its
/// first four elements inline, so that a step of a chart whose regions enable up to four transitions at
/// once allocates nothing. Further elements spill into an array.
@usableFromInline
struct ChartTransitionList: Sequence, Sendable {
    @usableFromInline var inline: (Int, Int, Int, Int) = (-1, -1, -1, -1)
    /// The elements after the first four; `nil` until there are any, so that copying and destroying a
    /// list of up to four transitions touches no array (an empty array still costs a retain and a release).
    @usableFromInline var spilled: [Int]? = nil
    @usableFromInline var count = 0

    @usableFromInline static var inlineCapacity: Int { 4 }

    @inlinable init() {}

    /// A list of one transition.
    @inlinable init(single index: Int) {
        append(index)
    }

    @inlinable var isEmpty: Bool { count == 0 }

    /// The element at `position`, which must be less than ``count``.
    @inlinable subscript(position: Int) -> Int {
        get {
            switch position {
            case 0: inline.0
            case 1: inline.1
            case 2: inline.2
            case 3: inline.3
            default: spilled![position - Self.inlineCapacity]
            }
        }
        set {
            switch position {
            case 0: inline.0 = newValue
            case 1: inline.1 = newValue
            case 2: inline.2 = newValue
            case 3: inline.3 = newValue
            default: spilled![position - Self.inlineCapacity] = newValue
            }
        }
    }

    @inlinable func contains(_ index: Int) -> Bool {
        for position in 0..<count where self[position] == index { return true }
        return false
    }

    @inlinable mutating func append(_ index: Int) {
        if count < Self.inlineCapacity {
            count += 1
            self[count - 1] = index
        } else {
            if spilled == nil { spilled = [index] } else { spilled!.append(index) }
            count += 1
        }
    }

    /// Removes the element at `position`, keeping the order of the others.
    @inlinable mutating func remove(at position: Int) {
        for next in (position + 1)..<count { self[next - 1] = self[next] }
        if count > Self.inlineCapacity {
            spilled!.removeLast()
            if spilled!.isEmpty { spilled = nil }
        }
        count -= 1
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
