/// Transition logic evaluated once for every state–event pair, then read by a table lookup: how a
/// ``TransitionFunction`` and a ``StateMachineSchema`` handle events when ``LogicEvaluation`` allows it.
///
/// States and events qualify when their types are `CaseIterable`, stored in at most one byte with no
/// references (payload-free enums), and have at most 254 cases (states) or 255 (events). Such a value is
/// entirely determined by its byte, so the table is indexed by the bytes of the state and the event:
/// `index` maps a state's byte to the offset of its row in `cells` and an event's byte to its column, and
/// the cell holds the position of the target state in `allCases`, ``ignored`` or ``unlisted``. A value
/// whose byte no case of `allCases` has (possible when `allCases` is written by hand and leaves values out)
/// maps to an extra row or column of ``unlisted`` cells, so a lookup needs no separate check: the caller
/// then asks the logic as it would without a table.
///
/// A value type holding pointers to memory it allocates; its owner (the definition's storage object,
/// immutable and shared) calls ``deallocate()`` once, in its `deinit`. The table is never written after
/// `init`, so any number of machines and threads may read it.
@usableFromInline
struct LogicTable<State, Event, Action> {
    /// The cell of a pair whose event the logic ignores.
    @usableFromInline static var ignored: UInt8 { 0xFF }
    /// The cell of a pair whose state or event is not listed in its type's `allCases`.
    @usableFromInline static var unlisted: UInt8 { 0xFE }

    /// 768 bytes: at byte offset `2 * b`, the `UInt16` offset in `cells` of the row of the state whose
    /// byte is `b`; at offset `512 + b`, the `UInt8` column of the event whose byte is `b`. Unlisted bytes
    /// lead to the last row and the last column, whose cells are all ``unlisted``.
    @usableFromInline let index: UnsafeMutableRawPointer
    /// `(stateCount + 1) × (eventCount + 1)` cells, row by row: the position of the target state in
    /// `states`, ``ignored`` or ``unlisted``.
    @usableFromInline let cells: UnsafeMutablePointer<UInt8>
    /// The states, in `allCases` order.
    @usableFromInline let states: UnsafeMutablePointer<State>
    /// The action the logic returned for each pair with a target, laid out like `cells`; `nil` when no
    /// pair returned an action worth keeping, so lookups skip it. A transition function has none (its
    /// `Action` is `Void`); a schema keeps the transition blocks its logic returned.
    @usableFromInline let actions: UnsafeMutablePointer<Action>?
    /// Laid out like `cells` when `actions` is not `nil`: whether the action of each cell is worth keeping.
    @usableFromInline let keptActions: UnsafeMutablePointer<Bool>?
    @usableFromInline let stateCount: Int
    @usableFromInline let cellCount: Int

    /// What the table says about one state and one event.
    @usableFromInline
    enum Lookup {
        /// The logic moves to `target`; `cell` locates the action (``action(at:)``).
        case transition(target: State, cell: Int)
        /// The logic ignores the event.
        case ignored
        /// The state or the event is not listed in its type's `allCases`: ask the logic.
        case unlisted
    }

    /// Evaluates `logic` for every pair of listed states and events, or returns `nil` when the types do
    /// not qualify (see the type's documentation), in which case `logic` is not called, or when `logic`
    /// leads to a state that `allCases` does not list, which the table could not name.
    ///
    /// - Parameters:
    ///   - logic: The transition logic: the target and an action, or `nil` when the event is ignored.
    ///   - keepsAction: Whether an action must be kept (a transition block that is not `nil`). When it
    ///     is `false` for every action, none is stored and ``action(at:)`` returns `nil`.
    /// - Complexity: O(states × events) calls of `logic`.
    init?(logic: (State, Event) -> (State, Action)?, keepsAction: (Action) -> Bool) {
        guard let stateCases = Self.tabulableCases(of: State.self, atMost: 254),
            let eventCases = Self.tabulableCases(of: Event.self, atMost: 255)
        else { return nil }
        let columnCount = eventCases.count + 1
        let cellCount = (stateCases.count + 1) * columnCount
        // Positions by byte; a value `allCases` lists twice keeps its first position.
        var statePositions = [UInt8?](repeating: nil, count: 256)
        for (position, state) in stateCases.enumerated().reversed() {
            statePositions[Self.byte(of: state)] = UInt8(position)
        }

        var cells = [UInt8](repeating: Self.unlisted, count: cellCount)
        var answers: [(cell: Int, action: Action)] = []
        for (row, state) in stateCases.enumerated() {
            for (column, event) in eventCases.enumerated() {
                let cell = row * columnCount + column
                guard let (target, action) = logic(state, event) else {
                    cells[cell] = Self.ignored
                    continue
                }
                guard let position = statePositions[Self.byte(of: target)] else { return nil }
                cells[cell] = position
                answers.append((cell, action))
            }
        }

        index = UnsafeMutableRawPointer.allocate(byteCount: 768, alignment: MemoryLayout<UInt16>.alignment)
        let rows = index.bindMemory(to: UInt16.self, capacity: 256)
        rows.initialize(repeating: UInt16(stateCases.count * columnCount), count: 256)
        for (byte, position) in statePositions.enumerated() {
            if let position { rows[byte] = UInt16(Int(position) * columnCount) }
        }
        let columns = (index + 512).bindMemory(to: UInt8.self, capacity: 256)
        columns.initialize(repeating: UInt8(eventCases.count), count: 256)
        for (position, event) in eventCases.enumerated().reversed() {
            columns[Self.byte(of: event)] = UInt8(position)
        }
        self.cells = UnsafeMutablePointer<UInt8>.allocate(capacity: cellCount)
        self.cells.initialize(from: cells, count: cellCount)
        states = UnsafeMutablePointer<State>.allocate(capacity: stateCases.count)
        states.initialize(from: stateCases, count: stateCases.count)
        if let kept = answers.first(where: { keepsAction($0.action) }) {
            let actions = UnsafeMutablePointer<Action>.allocate(capacity: cellCount)
            // Every cell is initialized, so that `deallocate()` deinitializes them all: the cells without a
            // transition hold a copy of some action and are never read.
            actions.initialize(repeating: kept.action, count: cellCount)
            let keptActions = UnsafeMutablePointer<Bool>.allocate(capacity: cellCount)
            keptActions.initialize(repeating: false, count: cellCount)
            for answer in answers {
                actions[answer.cell] = answer.action
                keptActions[answer.cell] = keepsAction(answer.action)
            }
            self.actions = actions
            self.keptActions = keptActions
        } else {
            actions = nil
            keptActions = nil
        }
        stateCount = stateCases.count
        self.cellCount = cellCount
    }

    /// Frees the table. Called once, by the owner's `deinit`; the table must not be read afterwards.
    func deallocate() {
        if let actions {
            actions.deinitialize(count: cellCount)
            actions.deallocate()
        }
        keptActions?.deallocate()
        states.deinitialize(count: stateCount)
        states.deallocate()
        cells.deallocate()
        index.deallocate()
    }

    /// What the logic answered for `state` and `event`.
    ///
    /// - Complexity: O(1): four loads and one comparison on the common path.
    @inlinable @inline(__always)
    func lookup(_ state: State, _ event: Event) -> Lookup {
        let row = index.load(fromByteOffset: Self.byte(of: state) &<< 1, as: UInt16.self)
        let column = index.load(fromByteOffset: 512 &+ Self.byte(of: event), as: UInt8.self)
        let cell = Int(row) &+ Int(column)
        let target = cells[cell]
        if target < Self.unlisted { return .transition(target: states[Int(target)], cell: cell) }
        return target == Self.ignored ? .ignored : .unlisted
    }

    /// Whether the action the logic returned for the transition at `cell` is worth keeping (a block
    /// that is not `nil`); `false` at once when no action was kept.
    @inlinable @inline(__always)
    func hasAction(at cell: Int) -> Bool {
        guard let keptActions else { return false }
        return keptActions[cell]
    }

    /// The action the logic returned for the transition at `cell`, or `nil` when no action was kept.
    @inlinable @inline(__always)
    func action(at cell: Int) -> Action? {
        actions?[cell]
    }

    /// The byte that stores `value`; 0 for a type of size 0 (a single case).
    ///
    /// Only called for qualifying types (one byte or less, no references), whose values are that byte.
    @inlinable @inline(__always)
    static func byte<T>(of value: T) -> Int {
        if MemoryLayout<T>.size == 0 { return 0 }
        return withUnsafeBytes(of: value) { Int($0.load(as: UInt8.self)) }
    }

    /// `allCases` of `type` when it qualifies: `CaseIterable`, at most one byte, no references, 1 to
    /// `limit` cases. `nil` otherwise.
    static func tabulableCases<T>(of type: T.Type, atMost limit: Int) -> [T]? {
        guard _isPOD(T.self), MemoryLayout<T>.size <= 1,
            let iterable = type as? any CaseIterable.Type,
            let cases = listedCases(of: iterable) as? [T],
            (1...limit).contains(cases.count)
        else { return nil }
        return cases
    }

    private static func listedCases<C: CaseIterable>(of type: C.Type) -> [Any] {
        type.allCases.map { $0 }
    }
}
