/// The microstep plans of a chart (``ChartMicrostepPlan``), one per legal configuration and event case,
/// for a chart of at most 64 states whose events are payload-free `CaseIterable` values
/// (``ChartEventCandidates``) and whose legal configurations are few enough
/// (``configurationLimit``, ``planLimit``). Computed when the chart is built, so the tables stay immutable.
///
/// A configuration is found by its word in an open-addressing hash table (``keys``, ``rows``); its row of
/// plans holds one plan per event column, the columns of ``ChartEventCandidates``, then one
/// ``ChartMicrostepPlan/Kind/unplanned`` plan for the bytes that have no column there (the values a custom
/// `allCases` leaves out), so that finding a plan tests no column.
///
/// A value type of pointers to memory that ``Storage`` owns and frees; the tables keep both, so the step
/// reads the pointers without retaining anything.
@usableFromInline
struct ChartMicrostepPlans {
    /// The column of each of the 256 event bytes: its column in ``ChartEventCandidates/columns``, or the last
    /// column, whose plans are all ``ChartMicrostepPlan/Kind/unplanned``, for a byte without one there.
    @usableFromInline let columns: UnsafeMutablePointer<UInt8>
    /// The configuration words, by hash slot; 0 (no configuration is empty) marks an empty slot.
    @usableFromInline let keys: UnsafeMutablePointer<UInt64>
    /// For each slot holding a configuration, the index of its row of plans.
    @usableFromInline let rows: UnsafeMutablePointer<Int32>
    /// The plans, row after row, ``columnCount`` per row (the last column unplanned), then the plans the candidates of
    /// ``ChartMicrostepPlan/Kind/guarded`` plans take.
    @usableFromInline let plans: UnsafeMutablePointer<ChartMicrostepPlan>
    /// The actions of the plans, each plan's in a run (``ChartMicrostepPlan/actionStart``).
    @usableFromInline let actions: UnsafeMutablePointer<ChartPlannedAction>
    @usableFromInline let columnCount: Int
    /// The number of slots minus one (the number of slots is a power of two).
    @usableFromInline let slotMask: Int
    /// 64 minus the base-2 logarithm of the number of slots: the hash's top bits select the slot.
    @usableFromInline let shift: UInt64

    /// The most legal configurations a chart is planned for.
    @usableFromInline static var configurationLimit: Int { 4096 }
    /// The most plans (configurations × event cases) a chart computes: 4,096, 352 KB with the column of unplanned
    /// plans (``columns``). Computing them is part of building the chart (about 30 ms for 4,096 plans in a debug
    /// build here, 0.58 s for 65,536), so the bound keeps a chart's construction cheap, and its memory small,
    /// whatever its shape.
    @usableFromInline static var planLimit: Int { 1 << 12 }

    /// Owns the memory of a ``ChartMicrostepPlans`` and frees it when the tables go.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        // Immutable after initialisation.
        @usableFromInline let plans: ChartMicrostepPlans
        /// The configurations, in the order of their rows.
        let configurations: [UInt64]
        /// The boxes of the transitions' actions the plans list (``ChartPlannedAction/bodyAddress``); the boxes
        /// of entry and exit actions are the tables' own.
        let transitionActions: [AnyObject]
        /// The chart's timers (a ``ChartTimerList`` of its event type), whose sends and cancels a record made as
        /// a plan lists from the plan's actions (``ChartPlannedAction/timerOperation``).
        @usableFromInline let timers: AnyObject

        init(plans: ChartMicrostepPlans, configurations: [UInt64], transitionActions: [AnyObject], timers: AnyObject) {
            self.plans = plans
            self.configurations = configurations
            self.transitionActions = transitionActions
            self.timers = timers
        }

        deinit {
            plans.columns.deallocate()
            plans.keys.deallocate()
            plans.rows.deallocate()
            plans.plans.deallocate()
            plans.actions.deallocate()
        }
    }

    /// Lays out `plans` (``columnCount`` per configuration, in the order of `configurations`, the last of each
    /// row unplanned, then the plans of guarded plans' candidates) and the actions they list; `eventColumns` are
    /// the columns of ``ChartEventCandidates``, whose ``ChartEventCandidates/noColumn`` bytes take the last column.
    /// Every action has its box's address (``ChartPlannedAction/bodyAddress``); the storage keeps
    /// `transitionActions`, the boxes of transitions' actions among them, and the chart's `timers`.
    static func make(
        configurations: [UInt64], plans: [ChartMicrostepPlan], actions: [ChartPlannedAction],
        transitionActions: [AnyObject], timers: AnyObject, eventColumns: UnsafeMutablePointer<UInt8>,
        columnCount: Int
    ) -> Storage {
        precondition(
            actions.allSatisfy { $0.bodyAddress != 0 }, "Internal inconsistency: a planned action without a box")
        precondition(plans.count >= configurations.count * columnCount, "Internal inconsistency: a plan per cell")
        precondition((1...256).contains(columnCount), "Internal inconsistency: more columns than event bytes")
        let unlisted = UInt8(columnCount - 1)
        precondition(
            (0..<configurations.count).allSatisfy { plans[$0 * columnCount + Int(unlisted)].kind == .unplanned },
            "Internal inconsistency: a plan for an event without a column")
        let columns = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0..<256 {
            let column = eventColumns[byte]
            columns[byte] = column == ChartEventCandidates.noColumn ? unlisted : column
        }
        var slotCount = 2
        var bits: UInt64 = 1
        while slotCount < 2 * configurations.count {
            slotCount *= 2
            bits += 1
        }
        let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: slotCount)
        keys.initialize(repeating: 0, count: slotCount)
        let rows = UnsafeMutablePointer<Int32>.allocate(capacity: slotCount)
        rows.initialize(repeating: 0, count: slotCount)
        let shift = 64 - bits
        for (row, configuration) in configurations.enumerated() {
            var slot = Self.slot(of: configuration, shift: shift)
            while keys[slot] != 0 { slot = (slot + 1) & (slotCount - 1) }
            keys[slot] = configuration
            rows[slot] = Int32(row * columnCount)
        }
        let rowOfConfiguration = Dictionary(uniqueKeysWithValues: configurations.enumerated().map { ($1, $0) })
        var plans = plans
        for position in plans.indices where plans[position].kind == .planned {
            plans[position].nextRowStart =
                rowOfConfiguration[plans[position].nextConfiguration].map { Int32($0 * columnCount) } ?? -1
        }
        let actionPointer = UnsafeMutablePointer<ChartPlannedAction>.allocate(capacity: Swift.max(actions.count, 1))
        actionPointer.initialize(from: actions, count: actions.count)
        for position in plans.indices where plans[position].actionStart >= 0 {
            plans[position].firstActionAddress = UInt(bitPattern: actionPointer + Int(plans[position].actionStart))
            let listed =
                Int(plans[position].actionStart)..<Int(plans[position].actionStart + plans[position].actionCount)
            plans[position].hasTimerOperations = actions[listed].contains { $0.isTimerOperation }
        }
        let planPointer = UnsafeMutablePointer<ChartMicrostepPlan>.allocate(capacity: Swift.max(plans.count, 1))
        planPointer.initialize(from: plans, count: plans.count)
        return Storage(
            plans: ChartMicrostepPlans(
                columns: columns, keys: keys, rows: rows, plans: planPointer, actions: actionPointer,
                columnCount: columnCount, slotMask: slotCount - 1, shift: shift),
            configurations: configurations, transitionActions: transitionActions, timers: timers)
    }

    @usableFromInline
    init(
        columns: UnsafeMutablePointer<UInt8>, keys: UnsafeMutablePointer<UInt64>, rows: UnsafeMutablePointer<Int32>,
        plans: UnsafeMutablePointer<ChartMicrostepPlan>, actions: UnsafeMutablePointer<ChartPlannedAction>,
        columnCount: Int, slotMask: Int, shift: UInt64
    ) {
        self.columns = columns
        self.keys = keys
        self.rows = rows
        self.plans = plans
        self.actions = actions
        self.columnCount = columnCount
        self.slotMask = slotMask
        self.shift = shift
    }

    /// The first slot a configuration's search visits (Fibonacci hashing).
    @inlinable @inline(__always)
    static func slot(of configuration: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (configuration &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The plan for the configuration whose states are the bits of `configuration` and the event whose byte
    /// is `byte`; `nil` when the configuration or the event has no plan, or the plan is
    /// ``ChartMicrostepPlan/Kind/unplanned``.
    @inlinable @inline(__always)
    func plan(configuration: UInt64, byte: Int) -> UnsafeMutablePointer<ChartMicrostepPlan>? {
        planIndex(configuration: configuration, byte: byte).map { plans + $0 }
    }

    /// The position in ``plans`` of ``plan(configuration:byte:)``; `nil` when that is `nil`.
    @inlinable @inline(__always)
    func planIndex(configuration: UInt64, byte: Int) -> Int? {
        guard let rowStart = rowStart(of: configuration) else { return nil }
        return planIndex(rowStart: rowStart, byte: byte)
    }

    /// The position of the first plan in the row of the configuration whose states are the bits of
    /// `configuration` (its row times ``columnCount``); `nil` when it has none — the empty configuration of a chart that has halted included, which matches no key (an empty
    /// slot's 0 is tested first).
    @inlinable @inline(__always)
    func rowStart(of configuration: UInt64) -> Int? {
        var slot = Self.slot(of: configuration, shift: shift)
        while true {
            let key = keys[slot]
            if key == 0 { return nil }
            if key == configuration { break }
            slot = (slot &+ 1) & slotMask
        }
        return Int(rows[slot])
    }

    /// The position in ``plans`` of the plan for the event whose byte is `byte` in the row whose first plan is at
    /// `rowStart`; `nil` when the plan is ``ChartMicrostepPlan/Kind/unplanned`` (as it is for an event without a
    /// column).
    @inlinable @inline(__always)
    func planIndex(rowStart: Int, byte: Int) -> Int? {
        let index = rowStart &+ Int(columns[byte])
        return plans[index].kind == .unplanned ? nil : index
    }
}
