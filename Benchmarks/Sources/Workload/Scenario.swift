import Statecraft

/// One way of running the pedestrian crossing: a baseline or a Statecraft style, with or without an
/// observer. The benchmark suite and `statecraft-instructions` run the same scenarios.
public struct Scenario: Sendable {
    /// The benchmark name, such as `Baseline.switch` or `Core.schema+observer`.
    public let name: String
    /// Whether an observer (a ``TransitionTally``) is attached.
    public let observed: Bool
    private let prepare: @Sendable (EventStream) -> () -> UInt64

    /// Creates a scenario whose `prepare` builds the machine and returns a function that runs the whole
    /// stream through it once and returns the checksum (plus, when observed, the transitions counted).
    init(_ name: String, observed: Bool = false, prepare: @escaping @Sendable (EventStream) -> () -> UInt64) {
        self.name = name
        self.observed = observed
        self.prepare = prepare
    }

    /// Builds the machine and returns a function that runs `stream` through it once.
    ///
    /// The function returns the checksum of the states after each event; when the scenario is observed,
    /// plus the number of transitions the observer counted. Check it with ``expectedResult(for:)``.
    public func makePass(for stream: EventStream) -> () -> UInt64 {
        prepare(stream)
    }

    /// What one pass over `stream` must return.
    public func expectedResult(for stream: EventStream) -> UInt64 {
        stream.expectedChecksum &+ (observed ? UInt64(stream.count - stream.invalidCount) : 0)
    }

    /// Every scenario, baselines first.
    public static let all: [Scenario] = [
        Scenario("Baseline.switch") { stream in
            let events = stream.events
            return { Baselines.runSwitch(events) }
        },
        Scenario("Baseline.table") { stream in
            let events = stream.events
            return { Baselines.runTable(events) }
        },
        Scenario("Core.schema") { stream in
            let machine = CrossingSchema.makeMachine()
            let events = stream.events
            return { Drive.schema(machine, events) }
        },
        Scenario("Core.schema+observer", observed: true) { stream in
            let machine = CrossingSchema.makeMachine()
            let tally = TransitionTally()
            machine.addObserver { _, _, _ in tally.count &+= 1 }
            let events = stream.events
            return { tally.count = 0; return Drive.schema(machine, events) &+ UInt64(tally.count) }
        },
        Scenario("Core.function") { stream in
            let machine = CrossingFunction.makeMachine()
            let events = stream.events
            return { Drive.function(machine, events) }
        },
        Scenario("Core.function+observer", observed: true) { stream in
            let machine = CrossingFunction.makeMachine()
            let tally = TransitionTally()
            machine.addObserver { _, _, _ in tally.count &+= 1 }
            let events = stream.events
            return { tally.count = 0; return Drive.function(machine, events) &+ UInt64(tally.count) }
        },
        Scenario("Core.stateType") { stream in
            let machine = CrossingStateType.makeMachine()
            let events = stream.events
            return { Drive.stateType(machine, events) }
        },
        Scenario("Core.stateType+observer", observed: true) { stream in
            let machine = CrossingStateType.makeMachine()
            let tally = TransitionTally()
            machine.addObserver { _, _, _ in tally.count &+= 1 }
            let events = stream.events
            return { tally.count = 0; return Drive.stateType(machine, events) &+ UInt64(tally.count) }
        },
        Scenario("Core.guarded") { stream in
            let controller = CrossingController()
            let requests = stream.requests
            return { Drive.guarded(controller, requests) }
        },
        Scenario("Core.guarded+observer", observed: true) { stream in
            let controller = CrossingController()
            let tally = TransitionTally()
            controller.machine.machine.addObserver { _, _, _ in tally.count &+= 1 }
            let requests = stream.requests
            return { tally.count = 0; return Drive.guarded(controller, requests) &+ UInt64(tally.count) }
        },
        Scenario("Chart.flat") { stream in
            let machine = CrossingChart.makeMachine()
            let events = stream.events
            return { Drive.chart(machine, events) }
        },
    ]

    /// The scenario called `name`, if any.
    public static func named(_ name: String) -> Scenario? {
        all.first { $0.name == name }
    }
}
