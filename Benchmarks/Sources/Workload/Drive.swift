import Statecraft

/// Runs the event stream through one machine of each style, the way an app sends events: one
/// `handle(_:)` call per event, reading `state` after each.
public enum Drive {
    /// A schema-style machine.
    @inline(never)
    public static func schema(
        _ machine: StateMachine<StateMachineSchema<Crossing, CrossingEvent, Void>>, _ events: [CrossingEvent]
    ) -> UInt64 {
        run(machine, events)
    }

    /// A function-style machine.
    @inline(never)
    public static func function(
        _ machine: StateMachine<TransitionFunction<Crossing, CrossingEvent>>, _ events: [CrossingEvent]
    ) -> UInt64 {
        run(machine, events)
    }

    /// A state-type machine.
    @inline(never)
    public static func stateType(_ machine: Crossing.Machine, _ events: [CrossingEvent]) -> UInt64 {
        run(machine, events)
    }

    /// A guarded machine: each request is an assignment of the state.
    @inline(never)
    public static func guarded(_ controller: CrossingController, _ requests: [Crossing]) -> UInt64 {
        let machine = controller.machine
        var checksum: UInt64 = 0
        for request in requests {
            machine.state = request
            checksum &+= UInt64(machine.state.rawValue)
        }
        return checksum
    }

    @inline(__always)
    static func run<Definition: MachineDefinition>(
        _ machine: StateMachine<Definition>, _ events: [CrossingEvent]
    ) -> UInt64 where Definition.State == Crossing, Definition.Event == CrossingEvent {
        var checksum: UInt64 = 0
        for event in events {
            machine.handle(event)
            checksum &+= UInt64(machine.state.rawValue)
        }
        return checksum
    }
}
