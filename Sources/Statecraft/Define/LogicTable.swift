/// Transition logic evaluated once for every state–event pair, then read by a table lookup: how a
/// ``TransitionFunction`` and a ``StateMachineSchema`` handle events when ``LogicEvaluation`` allows it.
///
/// States and events qualify when their types are `CaseIterable`, stored in at most one byte with no
/// references (payload-free enums), and have at most 254 cases (states) or 255 (events). Such a value is
/// entirely determined by its byte, so the table is indexed by the bytes of the state and the event:
/// `index` maps a state's byte to the offset of its row in `cells` and an event's byte to its column, and
/// the cell holds the byte of the target state, ``ignored`` or ``unlisted``. A value
/// whose byte no case of `allCases` has (possible when `allCases` is written by hand and leaves values out)
/// maps to an extra row or column of ``unlisted`` cells, so a lookup needs no separate check: the caller
/// then asks the logic as it would without a table. Two more arrays of cells, in blocks of their own with a
/// copy of the index, answer the shell's question "can this event be handled without running any hook?"
/// with one load: ``hookFreeLookup`` for a machine nothing observes, and its observed variant (see
/// ``_TransitionLookup``).
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
    /// lead to the last row and the last column, whose cells are all ``unlisted``. The base of the block
    /// ``hookFreeLookup`` reads (`_TransitionLookup.allocateBlock(index:cells:observedBase:)`), whose cells,
    /// from byte offset 768, are laid out like `cells`, encoded as a plain lookup (`_TransitionLookup`), with
    /// `askTheDefinition` in each unlisted cell and each cell whose transition runs a hook (it has a kept
    /// action, or the owner said every transition does) or leads to a state whose byte is more than
    /// `_TransitionLookup.largestTarget`.
    @usableFromInline let index: UnsafeMutableRawPointer
    /// The block of the hook-free lookup's observed variant: the same index, and cells with the observed
    /// encoding (see ``_TransitionLookup``).
    let observedIndex: UnsafeMutableRawPointer
    /// `(stateCount + 1) × (eventCount + 1)` cells, row by row: the byte of the target state (the value
    /// itself: see ``state(ofByte:)``), ``ignored`` or ``unlisted``.
    @usableFromInline let cells: UnsafeMutablePointer<UInt8>
    /// The states, in `allCases` order.
    @usableFromInline let states: UnsafeMutablePointer<State>
    /// The action the logic returned for each pair with a target, laid out like `cells`; `nil` when no
    /// pair returned an action worth keeping, so lookups skip it. A transition function has none (its
    /// `Action` is `Void`); a schema keeps the transition blocks its logic returned.
    @usableFromInline let actions: UnsafeMutablePointer<Action>?
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
    ///   - everyTransitionRunsHooks: Whether the owner runs hooks on every transition whatever its action
    ///     (a schema with effects starts them on entry): ``hookFreeLookup`` then answers only for ignored
    ///     events.
    /// - Complexity: O(states × events) calls of `logic`.
    init?(
        logic: (State, Event) -> (State, Action)?, keepsAction: (Action) -> Bool,
        everyTransitionRunsHooks: Bool = false
    ) {
        guard let stateCases = Self.tabulableCases(of: State.self, atMost: 254),
            let eventCases = Self.tabulableCases(of: Event.self, atMost: 255)
        else { return nil }
        // A cell names its target by the target's byte, so no listed value may have a sentinel's byte (a
        // hand-written one-byte type could; an enum's cases never do).
        guard stateCases.allSatisfy({ Self.byte(of: $0) < Int(Self.unlisted) }) else { return nil }
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
                guard statePositions[Self.byte(of: target)] != nil else { return nil }
                cells[cell] = UInt8(Self.byte(of: target))
                answers.append((cell, action))
            }
        }

        // The index, in the two blocks of the hook-free lookup (`_TransitionLookup`), which read it with
        // their cells.
        var index = [UInt8](repeating: 0, count: 768)
        index.withUnsafeMutableBytes { index in
            let rows = index.baseAddress!.bindMemory(to: UInt16.self, capacity: 256)
            rows.initialize(repeating: UInt16(stateCases.count * columnCount), count: 256)
            for (byte, position) in statePositions.enumerated() {
                if let position { rows[byte] = UInt16(Int(position) * columnCount) }
            }
            let columns = (index.baseAddress! + 512).bindMemory(to: UInt8.self, capacity: 256)
            columns.initialize(repeating: UInt8(eventCases.count), count: 256)
            for (position, event) in eventCases.enumerated().reversed() {
                columns[Self.byte(of: event)] = UInt8(position)
            }
        }
        self.cells = UnsafeMutablePointer<UInt8>.allocate(capacity: cellCount)
        self.cells.initialize(from: cells, count: cellCount)
        states = UnsafeMutablePointer<State>.allocate(capacity: stateCases.count)
        states.initialize(from: stateCases, count: stateCases.count)
        // The hook-free lookup's cells (see `_TransitionLookup`): plain and observed. A pair is asked for when
        // it is not listed, its transition runs a hook (it has a kept action, or the owner said every transition
        // does) or its target is a state the cells cannot name.
        var runsHooks = [Bool](repeating: everyTransitionRunsHooks, count: cellCount)
        for answer in answers where keepsAction(answer.action) {
            runsHooks[answer.cell] = true
        }
        var hookFreeCells = [UInt8](repeating: _TransitionLookup.askTheDefinition, count: cellCount)
        var observedCells = hookFreeCells
        let observedBit = _TransitionLookup.observedBit
        for (row, state) in stateCases.enumerated() {
            let own = UInt8(Self.byte(of: state))
            for cell in row * columnCount..<(row + 1) * columnCount {
                let target = cells[cell]
                if target == Self.ignored {
                    // The plain variant names an ignored event by its row's own state: the machine stores it back.
                    hookFreeCells[cell] = own < observedBit ? own : _TransitionLookup.ignored
                    observedCells[cell] = _TransitionLookup.ignoredIfIdle
                } else if target != Self.unlisted, !runsHooks[cell], target <= _TransitionLookup.largestTarget {
                    hookFreeCells[cell] = target == own ? _TransitionLookup.selfTransition : target
                    observedCells[cell] = target | observedBit
                }
            }
        }
        (observedIndex, self.index) = index.withUnsafeBytes { index in
            let observed = _TransitionLookup.allocateBlock(index: index.baseAddress!, cells: observedCells)
            let plain = _TransitionLookup.allocateBlock(
                index: index.baseAddress!, cells: hookFreeCells, observedBase: UnsafeRawPointer(observed))
            return (observed, plain)
        }
        if let kept = answers.first(where: { keepsAction($0.action) }) {
            let actions = UnsafeMutablePointer<Action>.allocate(capacity: cellCount)
            // Every cell is initialized, so that `deallocate()` deinitializes them all: the cells without a
            // transition hold a copy of some action and are never read.
            actions.initialize(repeating: kept.action, count: cellCount)
            for answer in answers {
                actions[answer.cell] = answer.action
            }
            self.actions = actions
        } else {
            actions = nil
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
        states.deinitialize(count: stateCount)
        states.deallocate()
        cells.deallocate()
        _TransitionLookup.deallocateBlock(at: index)
        _TransitionLookup.deallocateBlock(at: observedIndex)
    }

    /// What the logic answered for `state` and `event`.
    ///
    /// - Complexity: O(1): three loads and one comparison on the common path.
    @inlinable @inline(__always)
    func lookup(_ state: State, _ event: Event) -> Lookup {
        let cell = cellIndex(state, event)
        let target = cells[cell]
        if target < Self.unlisted { return .transition(target: self.state(ofByte: target), cell: cell) }
        return target == Self.ignored ? .ignored : .unlisted
    }

    /// The lookup the runtime reads for transitions that run no hook (see ``index``), plain; its observed
    /// variant is ``observedIndex``.
    @inlinable var hookFreeLookup: _TransitionLookup {
        _TransitionLookup(base: UnsafeRawPointer(index))
    }

    /// The position in `cells` of the pair `state`, `event`.
    @inlinable @inline(__always)
    func cellIndex(_ state: State, _ event: Event) -> Int {
        let row = index.load(fromByteOffset: Self.byte(of: state) &<< 1, as: UInt16.self)
        let column = index.load(fromByteOffset: 512 &+ Self.byte(of: event), as: UInt8.self)
        return Int(row) &+ Int(column)
    }

    /// The state whose byte is `byte` (see ``_TransitionLookup/value(ofByte:orOnly:)``).
    @inlinable @inline(__always)
    func state(ofByte byte: UInt8) -> State {
        _TransitionLookup.value(ofByte: byte, orOnly: states[0])
    }

    /// The action the logic returned for the transition at `cell`, or `nil` when no action was kept.
    @inlinable @inline(__always)
    func action(at cell: Int) -> Action? {
        actions?[cell]
    }

    /// The byte that stores `value` (see ``_TransitionLookup/byte(of:)``).
    @inlinable @inline(__always)
    static func byte<T>(of value: T) -> Int { _TransitionLookup.byte(of: value) }

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
