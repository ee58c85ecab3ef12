/// For a chart whose events are payload-free `CaseIterable` values, the transitions each event can fire
/// from each atomic state, computed when the chart is built by calling every trigger once per event case:
/// the plan `selectTransitions` reads instead of calling the trigger of every transition of the state and
/// its ancestors on every event.
///
/// The row of atomic state `s` and event column `c` lists, in the order `selectTransitions` visits them —
/// the state's own transitions in document order, then its parent's, up to the top-level ancestor — the
/// transitions whose trigger matches the event. A step still evaluates their guards at run time, in that
/// order, and takes the first that holds: the same algorithm, reading a precomputed list.
///
/// An event type qualifies as the core styles' tabulated logic does (``LogicTable``): `CaseIterable`, at most
/// one byte, no references, at most 255 cases, so an event is determined by its byte. A value whose byte
/// no case of `allCases` has (a hand-written `allCases` may leave values out) has no column: the step then
/// calls the triggers. Signals other than events (`done.state`, `error.execution`) and eventless
/// selection always call the triggers.
///
/// A value type of pointers to memory that ``Storage`` owns and frees; the tables keep both, so the step
/// reads the pointers without retaining anything.
@usableFromInline
struct ChartEventCandidates {
    /// The column of each event byte; ``noColumn`` for a byte no listed case has.
    @usableFromInline let columns: UnsafeMutablePointer<UInt8>
    /// `rowCount + 1` offsets into ``transitions``: row `s × columnCount + c` is
    /// `transitions[starts[row] ..< starts[row + 1]]`.
    @usableFromInline let starts: UnsafeMutablePointer<Int32>
    /// The candidate transitions, row after row.
    @usableFromInline let transitions: UnsafeMutablePointer<Int32>
    @usableFromInline let columnCount: Int

    /// The column of an event byte that no case of `allCases` has.
    @usableFromInline static var noColumn: UInt8 { 0xFF }
    /// The most cells (states × event cases) a chart is tabulated for: 4 M, 16 MB of offsets.
    @usableFromInline static var cellLimit: Int { 1 << 22 }

    /// Owns the memory of a ``ChartEventCandidates`` and frees it when the tables go.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        // Immutable after initialisation.
        @usableFromInline let candidates: ChartEventCandidates

        init(candidates: ChartEventCandidates) {
            self.candidates = candidates
        }

        deinit {
            candidates.columns.deallocate()
            candidates.starts.deallocate()
            candidates.transitions.deallocate()
        }
    }

    init(
        columns: UnsafeMutablePointer<UInt8>, starts: UnsafeMutablePointer<Int32>,
        transitions: UnsafeMutablePointer<Int32>, columnCount: Int
    ) {
        self.columns = columns
        self.starts = starts
        self.transitions = transitions
        self.columnCount = columnCount
    }

    /// The column of `event`, or `nil` when its byte is not listed. Only called for a qualifying `Event`.
    @inlinable @inline(__always)
    func column<Event>(of event: Event) -> Int? {
        let column = columns[_TransitionLookup.byte(of: event)]
        return column == Self.noColumn ? nil : Int(column)
    }

    /// The positions in ``transitions`` of the candidates of atomic state `state` for event column `column`.
    @inlinable @inline(__always)
    func row(_ state: Int, column: Int) -> Range<Int> {
        let row = state &* columnCount &+ column
        return Int(starts[row])..<Int(starts[row &+ 1])
    }

    /// Tabulates the triggers of a chart whose `Event` qualifies; `nil` when it does not, or when the chart
    /// is too large (more than ``cellLimit`` cells, or more candidates than an `Int32` counts).
    ///
    /// - Parameters:
    ///   - stateCount: The number of nodes, the root included.
    ///   - isAtomic: Whether a node is atomic (rows of other nodes stay empty).
    ///   - parents: The parent of each node.
    ///   - transitionRanges: Each node's transitions, as a range of transition indices.
    ///   - matches: Whether transition `index`'s trigger fires on the event; `false` for eventless ones.
    static func make<Event>(
        for _: Event.Type, stateCount: Int, isAtomic: (Int) -> Bool, parents: [Int], transitionRanges: [Range<Int>],
        matches: (_ index: Int, _ event: Event) -> Bool
    ) -> Storage? {
        guard let cases = LogicTable<Void, Event, Void>.tabulableCases(of: Event.self, atMost: 255) else {
            return nil
        }
        let columnCount = cases.count
        let rowCount = stateCount * columnCount
        guard rowCount <= cellLimit else { return nil }
        // Which transitions each case fires, by transition: one call of each trigger per case.
        let transitionCount = transitionRanges.last?.upperBound ?? 0
        var fires = [[Bool]](repeating: [], count: columnCount)
        for (column, event) in cases.enumerated() {
            fires[column] = (0..<transitionCount).map { matches($0, event) }
        }
        var starts: [Int32] = []
        starts.reserveCapacity(rowCount + 1)
        var list: [Int32] = []
        for state in 0..<stateCount {
            for column in 0..<columnCount {
                starts.append(Int32(clamping: list.count))
                guard isAtomic(state) else { continue }
                var source = state
                while source > 0 {
                    for index in transitionRanges[source] where fires[column][index] { list.append(Int32(index)) }
                    source = parents[source]
                }
            }
        }
        guard list.count < Int(Int32.max) else { return nil }
        starts.append(Int32(list.count))

        let columns = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        columns.initialize(repeating: noColumn, count: 256)
        // A value `allCases` lists twice keeps its first column.
        for (column, event) in cases.enumerated().reversed() {
            columns[_TransitionLookup.byte(of: event)] = UInt8(column)
        }
        let startsPointer = UnsafeMutablePointer<Int32>.allocate(capacity: starts.count)
        startsPointer.initialize(from: starts, count: starts.count)
        let listPointer = UnsafeMutablePointer<Int32>.allocate(capacity: Swift.max(list.count, 1))
        listPointer.initialize(from: list, count: list.count)
        return Storage(
            candidates: ChartEventCandidates(
                columns: columns, starts: startsPointer, transitions: listPointer, columnCount: columnCount))
    }
}
