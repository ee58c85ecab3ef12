import Statecraft
import Testing

/// An exhaustive test harness for a `StateMachine`, in the spirit of TCA's `TestStore`: every event the
/// test sends, and every event the machine then handles — events it sent itself, events its effects
/// sent, delayed events — must be followed by the test's statement of the exact resulting state and
/// the effects; anything unstated fails the test with a readable diff at the line of the statement.
///
/// ```swift
/// @MainActor @Test func fetches() async {
///     let clock = ManualClock()
///     let store = MachineTestStore(StateMachine(definition: StenciltownDefinition(environment: environment)),
///                                  clock: clock)
///     store.start()                                                  // runs effects on the clock
///     await store.receive(.beginFetch, state: .fetching(progress: 0),
///                         effects: ["cancel begin fetch", "start fetch"])
///     await store.advance(by: .milliseconds(1250))
///     await store.receive(.fetchProgress(0.25), state: .fetching(progress: 0.25), effects: [])
///     store.send(.reset, state: .initial, effects: ["cancel fetch", "start begin fetch"])
///     await store.finish()
/// }
/// ```
///
/// What a statement covers:
/// - **state**: what `Observed` the store was created with — the state itself for an `Equatable`
///   state, a chart's configuration and context (``ChartObservation``) for a chart;
/// - **effects**: the effects the step started and cancelled, by name (`start fetch`, `cancel fetch`; see
///   `StateEffect/name` and `StateMachine/addEffectObserver(_:)`), for every kind of machine; for a chart,
///   first the sends and cancels of delayed events its macrostep asked for (`send tick after 2.0 seconds`);
///   effects started before the store was created (by `didStart`) are not stated;
/// - **events the machine handled next**: each must be taken with ``receive(_:state:effects:sourceLocation:)``
///   before the next ``send(_:state:effects:sourceLocation:)`` or ``finish(effectsMayRun:sourceLocation:)``.
///
/// Failures are reported with Swift Testing's `Issue.record` at the statement's source location; a test
/// can expect one with `withKnownIssue`.
@MainActor
public final class MachineTestStore<Definition: MachineDefinition, Observed: Equatable, Effects: Equatable>
where Definition.Event: Equatable & Sendable {
    /// One event the machine handled: the resulting observation and effects, or `nil` when it ignored it.
    struct Step {
        let event: Definition.Event
        let outcome: (state: Observed, effects: Effects)?
    }

    /// The machine under test.
    public let machine: StateMachine<Definition>
    /// The clock the machine's effects and delayed events run on once ``start()`` is called.
    public let clock: ManualClock
    private let observe: (Definition.State) -> Observed
    private let effectsOf: (StateMachine<Definition>, [EffectActivity]) -> Effects
    private var steps: [Step] = []
    /// The effects started and cancelled since the last step was recorded.
    private var activity: [EffectActivity] = []
    private var tokens: [ObserverToken] = []
    private var runLoop: Task<Void, Never>?
    /// How long ``receive(_:state:effects:sourceLocation:)`` waits for effects running on other tasks
    /// to deliver an event before it reports that none came. A guard against hanging, not a timing
    /// assertion: the manual clock decides when work is due.
    public var receiveTimeout: Duration = .seconds(5)

    /// Creates a store observing `machine` through `observe` and `effects`.
    ///
    /// - Parameters:
    ///   - machine: The machine under test, in its initial state.
    ///   - clock: The clock effects run on after ``start()``.
    ///   - observe: What statements compare: a projection of the state.
    ///   - effects: What statements say about effects after each step, given the machine and the effects
    ///     started and cancelled while it handled the event (`StateMachine/addEffectObserver(_:)`).
    public init(
        _ machine: StateMachine<Definition>, clock: ManualClock = ManualClock(),
        observe: @escaping (Definition.State) -> Observed,
        effects: @escaping (StateMachine<Definition>, [EffectActivity]) -> Effects
    ) {
        self.machine = machine
        self.clock = clock
        self.observe = observe
        self.effectsOf = effects
        tokens.append(
            machine.addObserver { [weak self] _, event, new in
                MainActor.assumeIsolated { self?.record(event, new) }
            })
        tokens.append(
            machine.addIgnoredEventObserver { [weak self] _, event in
                MainActor.assumeIsolated { self?.steps.append(Step(event: event, outcome: nil)) }
            })
        tokens.append(
            machine.addEffectObserver { [weak self] activity in
                MainActor.assumeIsolated { self?.activity.append(activity) }
            })
    }

    private func record(_ event: Definition.Event, _ state: Definition.State) {
        steps.append(Step(event: event, outcome: (observe(state), effectsOf(machine, activity))))
        activity.removeAll()
    }

    /// The observation of the machine's current state.
    public var state: Observed { observe(machine.state) }

    /// Starts running the machine's effects and delayed events on ``clock``, in a task on the main actor.
    public func start() {
        guard runLoop == nil else { return }
        let machine = self.machine
        let clock = self.clock
        runLoop = Task { @MainActor in await machine.run(clock: clock) }
    }

    /// Sends `event` and checks what handling it did: the state afterwards and the effects. Events the
    /// machine handled after it (sent by its hooks) must then be received.
    ///
    /// - Parameters:
    ///   - event: The event to send.
    ///   - expected: The exact state expected afterwards; `nil` states that the machine ignores the event.
    ///   - effects: The effects expected after the step.
    ///   - sourceLocation: Where failures are reported.
    public func send(
        _ event: Definition.Event, state expected: Observed?, effects: Effects,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        reportUnreceived(before: "sending \(event)", sourceLocation: sourceLocation)
        machine.send(event)
        guard !steps.isEmpty else {
            fail("sent \(event), but the machine recorded nothing", sourceLocation: sourceLocation)
            return
        }
        check(steps.removeFirst(), event: event, expected: expected, effects: effects, sourceLocation: sourceLocation)
    }

    /// Checks the next event the machine handled that the test did not send — sent by a hook, an
    /// effect or a delay — waiting for effects on other tasks to deliver one if none is there yet.
    ///
    /// - Parameters:
    ///   - event: The event expected next.
    ///   - expected: The exact state expected after it; `nil` states that the machine ignored it.
    ///   - effects: The effects expected after the step.
    ///   - sourceLocation: Where failures are reported.
    public func receive(
        _ event: Definition.Event, state expected: Observed?, effects: Effects,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await waitFor { !self.steps.isEmpty }
        guard !steps.isEmpty else {
            fail(
                "expected to receive \(event), but the machine handled no further event",
                sourceLocation: sourceLocation)
            return
        }
        check(steps.removeFirst(), event: event, expected: expected, effects: effects, sourceLocation: sourceLocation)
    }

    /// Waits until `count` tasks sleep on the clock (effects waiting for time to pass), then moves it.
    ///
    /// - Parameters:
    ///   - duration: How far to move the clock.
    ///   - sleepers: How many sleepers to wait for first; 1 by default, 0 to move at once.
    ///   - sourceLocation: Where a failure to see the sleepers is reported.
    public func advance(
        by duration: Duration, sleepers: Int = 1, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await waitFor { self.clock.sleeperCount >= sleepers }
        if clock.sleeperCount < sleepers {
            fail(
                "expected \(sleepers) effect(s) sleeping on the clock, found \(clock.sleeperCount)",
                sourceLocation: sourceLocation)
        }
        await clock.advance(by: duration)
    }

    /// Ends the test: fails if the machine handled events the test did not receive, or if effects are
    /// still running; then stops the effects' run loop and detaches from the machine.
    ///
    /// - Parameters:
    ///   - effectsMayRun: Whether effects may still be running (say, a state that keeps working forever).
    ///   - sourceLocation: Where failures are reported.
    public func finish(effectsMayRun: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) async {
        // Let events already on their way arrive, so that they are reported rather than lost.
        for _ in 0..<10 { await Task.yield() }
        reportUnreceived(before: "finishing", sourceLocation: sourceLocation)
        if !effectsMayRun && machine.activeEffectCount > 0 {
            fail(
                """
                \(machine.activeEffectCount) effect(s) still running when the test finished: receive what they \
                send, or pass effectsMayRun: true
                """, sourceLocation: sourceLocation)
        }
        runLoop?.cancel()
        runLoop = nil
        for token in tokens { machine.removeObserver(token) }
        tokens.removeAll()
    }

    private func reportUnreceived(before action: String, sourceLocation: SourceLocation) {
        guard !steps.isEmpty else { return }
        let events = steps.map { step in
            "  \(step.event)" + (step.outcome == nil ? " (ignored)" : "")
        }.joined(separator: "\n")
        fail(
            """
            the machine handled events the test did not receive before \(action):
            \(events)
            """, sourceLocation: sourceLocation)
        steps.removeAll()
    }

    private func check(
        _ step: Step, event: Definition.Event, expected: Observed?, effects: Effects, sourceLocation: SourceLocation
    ) {
        guard step.event == event else {
            fail(
                "expected event \(event), but the machine handled \(step.event) next",
                sourceLocation: sourceLocation)
            return
        }
        switch (step.outcome, expected) {
        case (nil, nil):
            return
        case (nil, let expected?):
            fail(
                "the machine ignored \(event); the test expected state:\n\(TestStoreDiff.describe(expected))",
                sourceLocation: sourceLocation)
        case (let outcome?, nil):
            fail(
                "the test expected \(event) to be ignored, but it led to:\n\(TestStoreDiff.describe(outcome.state))",
                sourceLocation: sourceLocation)
        case (let outcome?, let expected?):
            if outcome.state != expected {
                fail(
                    """
                    state after \(event) differs (− expected, + actual):
                    \(TestStoreDiff.diff(expected: expected, actual: outcome.state))
                    """, sourceLocation: sourceLocation)
            }
            if outcome.effects != effects {
                fail(
                    """
                    effects after \(event) differ (− expected, + actual):
                    \(TestStoreDiff.diff(expected: effects, actual: outcome.effects))
                    """, sourceLocation: sourceLocation)
            }
        }
    }

    /// Records an issue whose comment is exactly `message` (values printed as the test's own strings).
    private func fail(_ message: String, sourceLocation: SourceLocation) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    private func waitFor(_ condition: () -> Bool) async {
        let deadline = ContinuousClock.now.advanced(by: receiveTimeout)
        while !condition() && ContinuousClock.now < deadline {
            await Task.yield()
            if !condition() { try? await Task.sleep(for: .milliseconds(1)) }
        }
    }
}

extension MachineTestStore where Observed == Definition.State, Effects == [String], Definition.State: Equatable {
    /// A store for a machine whose state is `Equatable`: statements give the exact state and the effects
    /// each step started and cancelled, by `StateEffect/name`, in the order they happened
    /// (`["cancel fetch", "start download"]`).
    ///
    /// - Parameters:
    ///   - machine: The machine under test, in its initial state.
    ///   - clock: The clock its effects run on after ``start()``.
    public convenience init(_ machine: StateMachine<Definition>, clock: ManualClock = ManualClock()) {
        self.init(machine, clock: clock, observe: { $0 }, effects: { _, activity in activity.map(\.description) })
    }
}
