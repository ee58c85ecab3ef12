import Statecraft
import Testing

/// Schemas bound to subjects. `Mode` and `Command` are payload-free and `CaseIterable`, so a schema over
/// them is tabulated by default; tests taking a `LogicEvaluation` run on both paths.
@Suite("Schema and subject")
struct SchemaAndSubjectTests {
    enum Mode: Equatable, Sendable, CaseIterable { case idle, busy }
    enum Command: Sendable, CaseIterable { case start, stop }

    final class Worker {
        var started = 0
        var stopped = 0
    }

    static let schema = makeSchema(evaluation: .tabulatedWhenPossible)

    static func makeSchema(evaluation: LogicEvaluation) -> StateMachineSchema<Mode, Command, Worker> {
        StateMachineSchema<Mode, Command, Worker>(initialState: .idle, evaluation: evaluation) { mode, command in
            switch (mode, command) {
            case (.idle, .start): return (.busy, { $0.started += 1 })
            case (.busy, .stop): return (.idle, { $0.stopped += 1 })
            case (.idle, .stop), (.busy, .start): return nil
            }
        }
    }

    @Test(arguments: LogicEvaluation.allCases)
    func oneSchemaDrivesManyMachinesEachWithItsOwnSubject(evaluation: LogicEvaluation) {
        let schema = Self.makeSchema(evaluation: evaluation)
        #expect(schema.isTabulated == (evaluation == .tabulatedWhenPossible))
        let workers = (0..<5).map { _ in Worker() }
        let machines = workers.map { StateMachine(schema: schema, subject: $0) }
        machines[1].handle(.start)
        machines[3].handle(.start)
        machines[3].handle(.stop)
        #expect(machines.map(\.state) == [.idle, .busy, .idle, .idle, .idle])
        #expect(workers.map(\.started) == [0, 1, 0, 1, 0])
        #expect(workers.map(\.stopped) == [0, 0, 0, 1, 0])
        for (machine, worker) in zip(machines, workers) { #expect(machine.subject === worker) }
    }

    @Test(arguments: LogicEvaluation.allCases)
    func theTransitionBlockRunsAfterTheStateChanged(evaluation: LogicEvaluation) {
        final class Probe {
            var stateSeenByBlock: Mode?
            var machine: StateMachine<StateMachineSchema<Mode, Command, Probe>>?
        }
        let schema = StateMachineSchema<Mode, Command, Probe>(initialState: .idle, evaluation: evaluation) {
            mode, command in
            mode == .idle && command == .start
                ? (.busy, { probe in probe.stateSeenByBlock = probe.machine?.state }) : nil
        }
        #expect(schema.isTabulated == (evaluation == .tabulatedWhenPossible))
        let probe = Probe()
        let machine = StateMachine(schema: schema, subject: probe)
        probe.machine = machine
        machine.handle(.start)
        #expect(probe.stateSeenByBlock == .busy)
        probe.machine = nil
    }

    @Test func aSchemaIsSendableWhenItsStateIs() async {
        let schema = Self.schema
        // Crossing into a detached task only compiles because the schema is Sendable.
        let state = await Task.detached { () -> Mode in
            let machine = StateMachine(schema: schema, subject: Worker())
            machine.handle(.start)
            return machine.state
        }.value
        #expect(state == .busy)
    }

    @Test func schemaExposesItsInitialStateAndLogicWithoutRunningBlocks() {
        #expect(Self.schema.initialState == .idle)
        let answer = Self.schema.transitionLogic(.idle, .start)
        #expect(answer?.0 == .busy)
        #expect(Self.schema.transitionLogic(.busy, .start) == nil)
    }

    @Test(arguments: LogicEvaluation.allCases)
    func releasingMachineAndSubjectFreesBoth(evaluation: LogicEvaluation) {
        weak var weakWorker: Worker?
        weak var weakMachine: StateMachine<StateMachineSchema<Mode, Command, Worker>>?
        let schema = Self.makeSchema(evaluation: evaluation)
        do {
            let worker = Worker()
            let machine = StateMachine(schema: schema, subject: worker)
            machine.didTransition = { _, _, _ in }
            machine.addObserver { _, _, _ in }
            machine.handle(.start)
            weakWorker = worker
            weakMachine = machine
            #expect(weakWorker != nil)
            #expect(weakMachine != nil)
        }
        #expect(weakWorker == nil)
        #expect(weakMachine == nil)
    }

    /// The documented pattern for a subject that owns its machine: bind the machine to `Unowned(self)`.
    final class ListController {
        var reloads = 0
        static let schema = StateMachineSchema<Mode, Command, Unowned<ListController>>(initialState: .idle) {
            mode, command in
            switch (mode, command) {
            case (.idle, .start): return (.busy, { controller in controller.object.reloads += 1 })
            case (.busy, .stop): return (.idle, nil)
            default: return nil
            }
        }
        lazy var machine = StateMachine(schema: Self.schema, subject: Unowned(self))
    }

    @Test func aSubjectOwningItsMachineThroughUnownedIsFreed() {
        weak var weakController: ListController?
        weak var weakMachine: StateMachine<StateMachineSchema<Mode, Command, Unowned<ListController>>>?
        do {
            let controller = ListController()
            controller.machine.handle(.start)
            #expect(controller.reloads == 1)
            weakController = controller
            weakMachine = controller.machine
        }
        #expect(weakController == nil)
        #expect(weakMachine == nil)
    }

    @Test(arguments: LogicEvaluation.allCases)
    func aWeakSubjectCanOutliveItsObject(evaluation: LogicEvaluation) {
        final class Screen { var shown = 0 }
        let schema = StateMachineSchema<Mode, Command, Weak<Screen>>(initialState: .idle, evaluation: evaluation) {
            mode, command in
            mode == .idle && command == .start ? (.busy, { $0.object?.shown += 1 }) : nil
        }
        var screen: Screen? = Screen()
        let machine = StateMachine(schema: schema, subject: Weak(screen))
        screen = nil
        #expect(machine.subject.object == nil)
        #expect(machine.handle(.start)) // the block finds no object and does nothing
    }
}
