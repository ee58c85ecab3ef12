import Statecraft
import Testing

/// Random charts — nested, parallel, history, eventless, internal, targetless, raising and throwing —
/// run through the one step function in four ways: traced or not, observed or not, as a machine
/// stepping in place and as pure `step(_:on:)` calls on copies. Every way must produce the same trace,
/// the recorded microsteps must account for each change of configuration, and the configuration must
/// stay legal (``ChartSnapshot/_invariantViolations``).
@Suite("Chart differential steps")
struct DifferentialStepTests {
    /// What actions write: a log of what ran, so two runs can be compared exactly.
    struct Trace: Equatable, Sendable {
        var log: [String] = []
        var count = 0
    }

    typealias RandomChart = Statechart<Int, Int, Trace>
    struct Thrown: Error, CustomStringConvertible { var description: String { "thrown" } }

    /// SplitMix64: a small seeded generator, so each seed always makes the same chart and events.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// How long the log may grow before guards stop holding or throwing and actions stop raising.
    static let logLimit = 400

    /// The shape of a random chart's state, before it becomes elements.
    final class Node {
        enum Kind { case atomic, compound, parallel, final, history(ChartHistoryDepth) }
        let id: Int
        let kind: Kind
        var children: [Node] = []
        init(id: Int, kind: Kind) {
            self.id = id
            self.kind = kind
        }
    }

    /// A random chart and what it holds.
    struct Drawn<Event> {
        let chart: Statechart<Int, Event, Trace>
        let hasParallel: Bool
        let hasHistory: Bool
    }

    /// Builds a random chart from `seed`; `nil` when the random draw is not a valid chart.
    static func makeChart(seed: UInt64) -> Drawn<Int>? {
        makeChart(seed: seed) { $0 }
    }

    /// Builds the random chart of `seed` with its events (numbers 0 to 3) mapped by `event`, so that the
    /// same chart can run with another event type; `nil` when the random draw is not a valid chart.
    static func makeChart<Event: Equatable & Sendable>(
        seed: UInt64, event: @escaping @Sendable (Int) -> Event
    ) -> Drawn<Event>? {
        var rng = SplitMix64(state: seed)
        var nextID = 1
        var all: [Node] = []

        func makeNode(depth: Int, inParallel: Bool) -> Node {
            let roll = Int.random(in: 0..<100, using: &rng)
            let kind: Node.Kind =
                if depth < 3 && roll < 30 { .compound } else if depth < 3 && roll < 42 {
                    .parallel
                } else if !inParallel && roll > 94 { .final } else { .atomic }
            let node = Node(id: nextID, kind: kind)
            nextID += 1
            all.append(node)
            switch kind {
            case .compound:
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    node.children.append(makeNode(depth: depth + 1, inParallel: false))
                }
                if Bool.random(using: &rng) {
                    let history = Node(id: nextID, kind: .history(Bool.random(using: &rng) ? .deep : .shallow))
                    nextID += 1
                    all.append(history)
                    node.children.append(history)
                }
            case .parallel:
                for _ in 0..<Int.random(in: 2...3, using: &rng) {
                    node.children.append(makeNode(depth: depth + 1, inParallel: true))
                }
            default:
                break
            }
            return node
        }
        let roots = (0..<Int.random(in: 2...3, using: &rng)).map { _ in makeNode(depth: 0, inParallel: false) }

        var transitionsBySource: [Int: [ChartElement<Int, Event, Trace>]] = [:]
        for source in all {
            switch source.kind {
            case .final, .history: continue
            default: break
            }
            for number in 0..<Int.random(in: 0...3, using: &rng) {
                let label = "t\(source.id).\(number)"
                let eventless = Int.random(in: 0..<100, using: &rng) < 10
                let onError = !eventless && Int.random(in: 0..<100, using: &rng) < 10
                let trigger: ChartTrigger<Int, Event>?
                if eventless {
                    trigger = nil
                } else if onError {
                    trigger = ChartTrigger(label: "error") { if case .error = $0 { true } else { false } }
                } else {
                    trigger = .event(event(Int.random(in: 0..<4, using: &rng)))
                }
                let targetless = Int.random(in: 0..<100, using: &rng) < 15
                let target = all[Int.random(in: 0..<all.count, using: &rng)].id
                let guardRoll = Int.random(in: 0..<100, using: &rng)
                let guardCondition: ChartGuard<Int, Event, Trace>?
                // Every guard, action and raise stops once the log is long, and only guards of event
                // transitions throw, so that a chart loops for a while but never until the macrostep
                // bound (`MacrostepBoundTests` covers that).
                if guardRoll < 10 && !eventless && !onError {
                    guardCondition = { trace, _ in
                        if trace.log.count < Self.logLimit { throw Thrown() }
                        return false
                    }
                } else if guardRoll < 40 || eventless {
                    let modulus = Int.random(in: 2...3, using: &rng)
                    guardCondition = { trace, _ in trace.log.count < Self.logLimit && trace.count % modulus == 0 }
                } else {
                    guardCondition = nil
                }
                let raise = Int.random(in: 0..<100, using: &rng) < 20 ? Int.random(in: 0..<4, using: &rng) : nil
                let throwsInAction = Int.random(in: 0..<100, using: &rng) < 5
                transitionsBySource[source.id, default: []].append(
                    .transition(
                        on: trigger, targets: targetless ? [] : [target],
                        kind: Int.random(in: 0..<100, using: &rng) < 25 ? .internal : .external,
                        when: guardCondition,
                        action: { trace, scope in
                            trace.log.append(label)
                            trace.count += 1
                            if let raise, trace.log.count < Self.logLimit { scope.raise(event(raise)) }
                            if throwsInAction && trace.log.count < Self.logLimit { throw Thrown() }
                        }))
            }
        }

        func element(_ node: Node) -> ChartElement<Int, Event, Trace> {
            let id = node.id
            let content: [ChartElement<Int, Event, Trace>] =
                [
                    .entry { trace, _ in trace.log.append("in \(id)") },
                    .exit { trace, _ in trace.log.append("out \(id)") },
                ] + node.children.map(element) + (transitionsBySource[id] ?? [])
            switch node.kind {
            case .atomic: return .state(id, children: content)
            case .compound: return .state(id, initial: [node.children[0].id], children: content)
            case .parallel: return .parallel(id, children: content)
            case .final: return .final(id)
            case .history(let depth): return .history(id, depth: depth)
            }
        }
        guard
            let chart = try? Statechart<Int, Event, Trace>(
                initial: [roots[0].id], context: Trace(), elements: roots.map(element))
        else { return nil }
        return Drawn(
            chart: chart,
            hasParallel: all.contains { if case .parallel = $0.kind { true } else { false } },
            hasHistory: all.contains { if case .history = $0.kind { true } else { false } })
    }

    /// What one event did, as every way of running the chart must report it.
    struct Step: Equatable {
        var handled: Bool
        var configuration: [Int]
        var log: [String]
        var errors: [String]
        var microstepCount: Int
        var changedConfiguration: Bool
        var loop: ChartLoopError?
        var isFinished: Bool

        init<Event>(handled: Bool, _ snapshot: ChartSnapshot<Int, Event, Trace>) {
            self.handled = handled
            configuration = snapshot.configuration
            log = snapshot.context.log
            errors = snapshot.lastMacrostep.errors.map(\.description)
            microstepCount = snapshot.lastMacrostep.microstepCount
            changedConfiguration = snapshot.lastMacrostep.changedConfiguration
            loop = snapshot.lastMacrostep.loopError
            isFinished = snapshot.isFinished
        }
    }

    static func events(seed: UInt64) -> [Int] {
        var rng = SplitMix64(state: seed ^ 0xDEAD_BEEF)
        return (0..<40).map { _ in Int.random(in: 0..<4, using: &rng) }
    }

    /// The pure step on copies.
    static func runPure<Event>(_ chart: Statechart<Int, Event, Trace>, _ events: [Event]) -> [Step] {
        var snapshot = chart.start()
        var steps = [Step(handled: true, snapshot)]
        for event in events {
            if let next = chart.step(snapshot, on: event) {
                snapshot = next
                steps.append(Step(handled: true, snapshot))
            } else {
                steps.append(Step(handled: false, snapshot))
            }
        }
        return steps
    }

    /// A machine, stepping in place, with or without an observer; the observer's view is returned too.
    static func runMachine<Event>(_ chart: Statechart<Int, Event, Trace>, _ events: [Event], observed: Bool)
        -> (steps: [Step], seen: [[Int]])
    {
        let machine = StateMachine(chart: chart)
        var seen: [[Int]] = []
        if observed {
            machine.addObserver { old, _, new in
                seen.append(old.configuration)
                seen.append(new.configuration)
            }
        }
        var steps = [Step(handled: true, machine.state)]
        for event in events {
            let handled = machine.handle(event)
            steps.append(Step(handled: handled, machine.state))
        }
        return (steps, seen)
    }

    /// Replays the recorded microsteps on the configuration before a macrostep: they must lead to the
    /// configuration after it.
    static func checkRecordedMicrosteps(_ chart: RandomChart, _ events: [Int], seed: UInt64) {
        var snapshot = chart.start()
        for event in events {
            guard let next = chart.step(snapshot, on: event) else { continue }
            var configuration = Set(snapshot.configuration)
            var halted = false
            for microstep in next.lastMacrostep.microsteps {
                if microstep.transitions == ["halt"] {
                    halted = true
                    continue
                }
                configuration.subtract(microstep.exited)
                configuration.formUnion(microstep.entered)
            }
            if !halted {
                #expect(configuration == Set(next.configuration), "seed \(seed), event \(event)")
            }
            #expect(next._invariantViolations.isEmpty, "seed \(seed)")
            snapshot = next
        }
    }

    @Test func everyWayOfSteppingProducesTheSameTrace() {
        var built = 0
        var features = (parallel: 0, history: 0, errors: 0, finished: 0)
        for seed in UInt64(1)...120 {
            guard let drawn = Self.makeChart(seed: seed) else { continue }
            let chart = drawn.chart
            built += 1
            if drawn.hasParallel { features.parallel += 1 }
            if drawn.hasHistory { features.history += 1 }
            let events = Self.events(seed: seed)
            let reference = Self.runPure(chart, events)
            #expect(Self.runPure(chart.tracing(false), events) == reference, "seed \(seed): untraced")
            for tracing in [true, false] {
                let traced = chart.tracing(tracing)
                let plain = Self.runMachine(traced, events, observed: false)
                let observed = Self.runMachine(traced, events, observed: true)
                #expect(plain.steps == reference, "seed \(seed): machine, tracing \(tracing)")
                #expect(observed.steps == reference, "seed \(seed): observed machine, tracing \(tracing)")
                // The observer saw each transition's old and new configurations.
                var expectedSeen: [[Int]] = []
                for index in 1..<reference.count where reference[index].handled {
                    expectedSeen += [reference[index - 1].configuration, reference[index].configuration]
                }
                #expect(observed.seen == expectedSeen, "seed \(seed): observer, tracing \(tracing)")
            }
            Self.checkRecordedMicrosteps(chart, events, seed: seed)
            if reference.contains(where: { !$0.errors.isEmpty }) { features.errors += 1 }
            if reference.contains(where: \.isFinished) { features.finished += 1 }
        }
        // The draw must actually exercise what the test claims to cover.
        #expect(built >= 80)
        #expect(features.parallel > 15 && features.history > 15)
        #expect(features.errors > 10)
        #expect(features.finished > 0)
    }
}
