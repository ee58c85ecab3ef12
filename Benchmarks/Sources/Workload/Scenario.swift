import Statecraft

/// One way of running the pedestrian crossing (a baseline or a Statecraft style, with or without an
/// observer, or a statechart), or Stenciltown's machine. The benchmark suite and `statecraft-instructions` run the same scenarios.
public struct Scenario: Sendable {
    /// The benchmark name, such as `Baseline.switch` or `Core.schema+observer`.
    public let name: String
    /// Whether an observer (a ``TransitionTally``) is attached.
    public let observed: Bool
    private let prepare: @Sendable (EventStream) -> () -> UInt64
    private let expected: (@Sendable (EventStream) -> UInt64)?

    /// Creates a scenario whose `prepare` builds the machine and returns a function that runs the whole
    /// stream through it once and returns the checksum (plus, when observed, the transitions counted).
    ///
    /// A scenario that runs an input of its own rather than the crossing's stream (Stenciltown) ignores
    /// the stream `prepare` receives and gives `expected`, what one pass must return.
    init(
        _ name: String, observed: Bool = false, expected: (@Sendable (EventStream) -> UInt64)? = nil,
        prepare: @escaping @Sendable (EventStream) -> () -> UInt64
    ) {
        self.name = name
        self.observed = observed
        self.expected = expected
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
        if let expected { return expected(stream) }
        return stream.expectedChecksum &+ (observed ? UInt64(stream.count - stream.invalidCount) : 0)
    }

    /// Every scenario, baselines first.
    public static let all: [Scenario] =
        transitions + [
            flatChartUntraced, flatChartGuarded, flatChartTimed, flatChartSending, deepChart, deepChartObserved,
        ]
        + stenciltown

    /// `Chart.flat.timed`: the flat chart whose `timer` transitions are `AfterDelay`s (``CrossingChart/timedChart``),
    /// so that nearly every transition cancels a timer and starts one.
    public static let flatChartTimed = Scenario("Chart.flat.timed") { stream in
        let machine = StateMachine(chart: CrossingChart.timedChart)
        let events = stream.events
        return { Drive.chart(machine, events) }
    }

    /// `Chart.flat.sends`: the flat chart whose every state restarts a timer with its own entry and exit actions
    /// (``CrossingChart/sendingChart``), so that every transition performs a send and a cancel its actions asked for.
    public static let flatChartSending = Scenario("Chart.flat.sends") { stream in
        let machine = StateMachine(chart: CrossingChart.sendingChart)
        let events = stream.events
        return { Drive.chart(machine, events) }
    }

    /// `Chart.flat.guarded`: the flat chart with a guard that always holds on every transition
    /// (``CrossingChart/guardedChart``), so that every event evaluates a guard before its plan is taken.
    public static let flatChartGuarded = Scenario("Chart.flat.guarded") { stream in
        let machine = StateMachine(chart: CrossingChart.guardedChart)
        let events = stream.events
        return { Drive.chart(machine, events) }
    }

    /// `Chart.flat.untraced`: the flat chart of `Chart.flat` with tracing off (`tracing(false)`), whose
    /// machine takes its planned steps through one more call than a traced one.
    public static let flatChartUntraced = Scenario("Chart.flat.untraced") { stream in
        let machine = StateMachine(chart: CrossingChart.chart.tracing(false))
        let events = stream.events
        return { Drive.chart(machine, events) }
    }

    /// `Chart.deep`: the crossing as a statechart of depth 4 with two parallel regions.
    public static let deepChart = Scenario("Chart.deep") { stream in
        let machine = DeepCrossingChart.makeMachine()
        let events = stream.events
        return { Drive.deepChart(machine, events) }
    }

    /// `Chart.deep+observer`: ``deepChart`` with one observer counting transitions.
    ///
    /// The deep chart transitions on more events than the flat machines: its lamp monitor also takes
    /// `fault` when the crossing ignores it (in `flashingYellow`, entered at night), so the pass must
    /// return the checksum plus the transitions ``deepChartTransitionCount(_:)`` counts, not the stream's
    /// valid events.
    public static let deepChartObserved = Scenario(
        "Chart.deep+observer", observed: true,
        expected: { stream in stream.expectedChecksum &+ UInt64(deepChartTransitionCount(stream)) }
    ) { stream in
        let machine = DeepCrossingChart.makeMachine()
        let tally = TransitionTally()
        machine.addObserver { _, _, _ in tally.count &+= 1 }
        let events = stream.events
        return {
            tally.count = 0
            return Drive.deepChart(machine, events) &+ UInt64(tally.count)
        }
    }

    /// The number of events of `stream` on which the deep chart transitions: those valid for the crossing
    /// (``CrossingRules``), plus those only its lamp monitor takes — `fault` while the lamps are OK, `repair`
    /// while they are faulty. Simulated from the table, without the chart.
    public static func deepChartTransitionCount(_ stream: EventStream) -> Int {
        var crossing = Crossing.carsGreen
        var lampsFaulty = false
        var transitions = 0
        for event in stream.events {
            let next = CrossingRules.next(from: crossing, on: event)
            let lampsMove = (event == .fault && !lampsFaulty) || (event == .repair && lampsFaulty)
            if next != nil || lampsMove { transitions += 1 }
            if let next { crossing = next }
            if lampsMove { lampsFaulty.toggle() }
        }
        return transitions
    }

    /// `Stenciltown.download` (the transitions only) and `Stenciltown.download+effects` (the real
    /// definition, which builds and queues each state's effect): both run ``StenciltownStream/standard``.
    public static let stenciltown: [Scenario] = [
        Scenario("Stenciltown.download", expected: { _ in StenciltownStream.standard.expectedChecksum }) { _ in
            let machine = StenciltownMachines.makeMachine()
            let events = StenciltownStream.standard.events
            return { Drive.stenciltown(machine, events) }
        },
        Scenario("Stenciltown.download+effects", expected: { _ in StenciltownStream.standard.expectedChecksum }) {
            _ in
            let machine = StenciltownMachines.makeMachineWithEffects()
            let events = StenciltownStream.standard.events
            return { Drive.stenciltownWithEffects(machine, events) }
        },
    ]

    /// The baselines, the core styles and the flat chart: the scenarios `Transitions.swift` registers.
    public static let transitions: [Scenario] = [
        Scenario("Baseline.switch") { stream in
            let events = stream.events
            return { Baselines.runSwitch(events) }
        },
        Scenario("Baseline.table") { stream in
            let events = stream.events
            return { Baselines.runTable(events) }
        },
        Scenario("Baseline.chartFloor") { stream in
            let machine = ChartFloorMachine()
            let events = stream.events
            return { Drive.chartFloor(machine, events) }
        },
        Scenario("Baseline.chartFloor+observer", observed: true) { stream in
            let machine = ChartFloorMachine()
            let tally = TransitionTally()
            machine.observe { _, _, _ in tally.count &+= 1 }
            let events = stream.events
            return {
                tally.count = 0
                return Drive.chartFloor(machine, events) &+ UInt64(tally.count)
            }
        },
        crossing("Core.schema", make: { CrossingSchema.makeMachine() }, drive: Drive.schema),
        crossing("Core.schema+observer", observed: true, make: { CrossingSchema.makeMachine() }, drive: Drive.schema),
        crossing(
            "Core.schema+didTransition", observed: true, attachingBy: .didTransition,
            make: { CrossingSchema.makeMachine() }, drive: Drive.schema),
        crossing(
            "Core.schema.onEveryEvent", make: { CrossingSchema.makeMachine(evaluation: .onEveryEvent) },
            drive: Drive.schema),
        crossing("Core.function", make: { CrossingFunction.makeMachine() }, drive: Drive.function),
        crossing(
            "Core.function+observer", observed: true, make: { CrossingFunction.makeMachine() }, drive: Drive.function),
        crossing(
            "Core.function.onEveryEvent", make: { CrossingFunction.makeMachine(evaluation: .onEveryEvent) },
            drive: Drive.function),
        crossing("Core.stateType", make: { CrossingStateType.makeMachine() }, drive: Drive.stateType),
        crossing(
            "Core.stateType+observer", observed: true, make: { CrossingStateType.makeMachine() }, drive: Drive.stateType
        ),
        guarded("Core.guarded", reference: .weak),
        guarded("Core.guarded+observer", reference: .weak, observed: true),
        guarded("Core.guarded.unowned", reference: .unowned),
        guarded("Core.guarded.unowned+observer", reference: .unowned, observed: true),
        Scenario("Chart.flat") { stream in
            let machine = CrossingChart.makeMachine()
            let events = stream.events
            return { Drive.chart(machine, events) }
        },
        Scenario("Chart.flat+observer", observed: true) { stream in
            let machine = CrossingChart.makeMachine()
            let tally = TransitionTally()
            machine.addObserver { _, _, _ in tally.count &+= 1 }
            let events = stream.events
            return {
                tally.count = 0
                return Drive.chart(machine, events) &+ UInt64(tally.count)
            }
        },
        // Written out as `Chart.flat+observer` is: built by a function taking the way to attach the observer,
        // the observed chart measured about 3 instructions more per event.
        Scenario("Chart.flat+didTransition", observed: true) { stream in
            let machine = CrossingChart.makeMachine()
            let tally = TransitionTally()
            machine.didTransition = { _, _, _ in tally.count &+= 1 }
            let events = stream.events
            return {
                tally.count = 0
                return Drive.chart(machine, events) &+ UInt64(tally.count)
            }
        },
    ]

    /// How an observed scenario attaches its ``TransitionTally``'s observer.
    enum ObserverAttachment: Sendable {
        /// `machine.addObserver { … }`: the `+observer` scenarios.
        case addObserver
        /// `machine.didTransition = { … }`: the `+didTransition` scenarios.
        case didTransition

        /// Attaches an observer that counts `machine`'s transitions in `tally`.
        func attach<Definition: MachineDefinition>(
            to machine: StateMachine<Definition>, counting tally: TransitionTally
        ) {
            switch self {
            case .addObserver: machine.addObserver { _, _, _ in tally.count &+= 1 }
            case .didTransition: machine.didTransition = { _, _, _ in tally.count &+= 1 }
            }
        }
    }

    /// A scenario running the crossing's events through a machine made by `make`, with `drive`; when
    /// `observed`, with a ``TransitionTally`` observer, attached as `attachment` says, whose count the pass adds
    /// to the checksum.
    static func crossing<Definition: MachineDefinition & SendableMetatype>(
        _ name: String, observed: Bool = false, attachingBy attachment: ObserverAttachment = .addObserver,
        make: @escaping @Sendable () -> StateMachine<Definition>,
        drive: @escaping @Sendable (StateMachine<Definition>, [CrossingEvent]) -> UInt64
    ) -> Scenario {
        Scenario(name, observed: observed) { stream in
            let machine = make()
            let events = stream.events
            guard observed else { return { drive(machine, events) } }
            let tally = TransitionTally()
            attachment.attach(to: machine, counting: tally)
            return {
                tally.count = 0
                return drive(machine, events) &+ UInt64(tally.count)
            }
        }
    }

    /// A guarded scenario: the stream's requested states assigned to a ``CrossingController``'s machine,
    /// which holds the controller as `reference` says.
    static func guarded(_ name: String, reference: ApproverReference, observed: Bool = false) -> Scenario {
        Scenario(name, observed: observed) { stream in
            let controller = CrossingController(reference: reference)
            let requests = stream.requests
            guard observed else { return { Drive.guarded(controller, requests) } }
            let tally = TransitionTally()
            controller.machine.machine.addObserver { _, _, _ in tally.count &+= 1 }
            return {
                tally.count = 0
                return Drive.guarded(controller, requests) &+ UInt64(tally.count)
            }
        }
    }

    /// The scenario called `name`, if any.
    public static func named(_ name: String) -> Scenario? {
        all.first { $0.name == name }
    }
}
