/// A hand-written model of the least work a traced flat chart's step does per event, for measuring how far
/// below `Chart.flat` a step with the same semantics can go in Swift (scenario `Baseline.chartFloor`).
///
/// Not a chart: one machine of the crossing, with what the library's planned step keeps and does and nothing more —
/// a busy flag in a word that also says "no support object", the row of the plans for the current
/// configuration, an event's column, the plan's kind; for a planned transition the scope shown the event and
/// the action's configuration, the entry action called through its box without a retain, the error and
/// "asked for something" tests, the next configuration and row, a traced record of three fields, and the flag
/// cleared (after a test that no action gave the machine something to do after the step); with an observer, the
/// old configuration kept and the observer called with both configurations and the event. Everything the
/// library does besides (effects, invocations, guards, raised events, the general step) is a trap here: the
/// crossing's stream never reaches it.
public final class ChartFloorMachine {
    /// What an action sees: the event, the configuration, whether it asked for something.
    public struct Scope {
        var event: CrossingEvent?
        var configuration: UInt64
        var hasRequests: Bool
    }

    /// An action: the chart's context and the scope, both `inout`, throwing.
    public typealias Action = (inout Crossing, inout Scope) throws -> Void

    final class ActionBox {
        let body: Action
        init(_ body: @escaping Action) { self.body = body }
    }

    final class ScopeBox {
        @exclusivity(unchecked) var scope = Scope(event: nil, configuration: 0, hasRequests: false)
    }

    struct Plan {
        /// 0 ignored, 1 planned with one action.
        var kind: UInt8
        var nextRowStart: Int32
        var action: UnsafeRawPointer?
        var actionConfiguration: UInt64
        var nextConfiguration: UInt64
        var changed: Bool
    }

    struct Record {
        var plannedIndex: Int32 = -1
        var microstepCount = 0
        var changedConfiguration = false
    }

    /// 0 while idle without observers; else the observers' support object's address; bit 0: busy.
    @exclusivity(unchecked) var word: UInt = 0
    @exclusivity(unchecked) var active: UInt64
    @exclusivity(unchecked) var rowStart: Int32
    /// The chart's context: the state its entry actions record.
    @exclusivity(unchecked) public private(set) var context: Crossing
    @exclusivity(unchecked) var record = Record()
    let scopeBox = ScopeBox()
    let plans: UnsafeMutablePointer<Plan>
    let columns: UnsafeMutablePointer<UInt8>
    let boxes: [ActionBox]

    /// A machine in `carsGreen`, with the crossing's rules as plans: one row per state, one column per event.
    public init() {
        let columnCount = CrossingEvent.allCases.count
        boxes = Crossing.allCases.map { state in ActionBox { context, _ in context = state } }
        columns = .allocate(capacity: 256)
        columns.initialize(repeating: UInt8(columnCount), count: 256)
        for event in CrossingEvent.allCases { columns[Int(event.rawValue)] = event.rawValue }
        let width = columnCount + 1
        plans = .allocate(capacity: Crossing.allCases.count * width)
        for state in Crossing.allCases {
            for column in 0..<width {
                let index = Int(state.rawValue) * width + column
                guard column < columnCount, let event = CrossingEvent(rawValue: UInt8(column)),
                    let next = CrossingRules.next(from: state, on: event)
                else {
                    (plans + index).initialize(
                        to: Plan(
                            kind: 0, nextRowStart: -1, action: nil, actionConfiguration: 0, nextConfiguration: 0,
                            changed: false))
                    continue
                }
                (plans + index).initialize(
                    to: Plan(
                        kind: 1, nextRowStart: Int32(Int(next.rawValue) * width),
                        action: UnsafeRawPointer(Unmanaged.passUnretained(boxes[Int(next.rawValue)]).toOpaque()),
                        actionConfiguration: 0, nextConfiguration: 1 << UInt64(next.rawValue), changed: true))
            }
        }
        active = 1
        rowStart = 0
        context = .carsGreen
    }

    deinit {
        plans.deallocate()
        columns.deallocate()
    }

    /// What observers need, found through ``word`` (its address) when the machine has observers.
    final class Support {
        let observer: (UInt64, CrossingEvent, UInt64) -> Void
        init(_ observer: @escaping (UInt64, CrossingEvent, UInt64) -> Void) { self.observer = observer }
    }

    var support: Support?

    /// Adds the one observer this model has room for: it receives the old configuration, the event and the new
    /// configuration of each transition — the information the issue asks for, without a snapshot.
    public func observe(_ observer: @escaping (UInt64, CrossingEvent, UInt64) -> Void) {
        let support = Support(observer)
        self.support = support
        word = UInt(bitPattern: Unmanaged.passUnretained(support).toOpaque())
    }

    /// Handles `event`: an idle machine without observers takes the step alone, one with observers takes it
    /// with them (two copies of one step, so that neither pays for the other's values across the action's call).
    @inline(__always)
    public func handle(_ event: CrossingEvent) {
        let idleWord = word
        if idleWord == 0 {
            step(event, idleWord: 0, observed: false)
        } else if idleWord & 1 == 0 {
            step(event, idleWord: idleWord, observed: true)
        } else {
            slowPath()
        }
    }

    @inline(__always)
    func step(_ event: CrossingEvent, idleWord: UInt, observed: Bool) {
        guard rowStart >= 0 else { return slowPath() }
        let index = Int(UInt32(truncatingIfNeeded: rowStart) &+ UInt32(columns[Int(event.rawValue)]))
        let plan = plans + index
        if plan.pointee.kind == 0 { return }
        word = idleWord | 1
        let previous = active
        rowStart = -1
        let box = Unmanaged.passUnretained(scopeBox)
        let configuration = plan.pointee.actionConfiguration
        active = configuration
        box._withUnsafeGuaranteedRef {
            $0.scope.event = event
            $0.scope.configuration = configuration
        }
        let action = Unmanaged<ActionBox>.fromOpaque(plan.pointee.action.unsafelyUnwrapped)
        do {
            try action._withUnsafeGuaranteedRef { action in
                try box._withUnsafeGuaranteedRef { try action.body(&context, &$0.scope) }
            }
        } catch {
            return slowPath()
        }
        if box._withUnsafeGuaranteedRef({ $0.scope.hasRequests }) { return slowPath() }
        active = plan.pointee.nextConfiguration
        rowStart = plan.pointee.nextRowStart
        record.plannedIndex = Int32(truncatingIfNeeded: index)
        record.microstepCount = 1
        record.changedConfiguration = plan.pointee.changed
        if observed {
            Unmanaged<Support>.fromOpaque(UnsafeRawPointer(bitPattern: idleWord).unsafelyUnwrapped)
                ._withUnsafeGuaranteedRef { $0.observer(previous, event, active) }
        }
        // An action or an observer that sent an event to the machine gave it a queue: drained elsewhere.
        guard word == idleWord | 1 else { return slowPath() }
        word = idleWord
    }

    @inline(never)
    func slowPath() {
        fatalError("ChartFloorMachine: the crossing's stream never leaves the planned steps")
    }
}

extension Drive {
    /// The floor model of a flat chart's step (``ChartFloorMachine``), driven as ``chart(_:_:)`` drives a chart.
    @inline(never)
    public static func chartFloor(_ machine: ChartFloorMachine, _ events: [CrossingEvent]) -> UInt64 {
        var checksum: UInt64 = 0
        for event in events {
            machine.handle(event)
            checksum &+= UInt64(machine.context.rawValue)
        }
        return checksum
    }
}
