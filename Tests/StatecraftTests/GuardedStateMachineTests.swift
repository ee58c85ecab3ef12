import Statecraft
import Testing

/// Tests taking an `ApproverReference` run with the approver held weakly and unowned.
@Suite("Guarded assignment")
struct GuardedStateMachineTests {
    enum Gate: Equatable { case closed, open, locked }

    final class Keeper: TransitionApprover {
        var allowed: Set<[Gate]> = [[.closed, .open], [.open, .closed], [.closed, .locked]]
        var changes: [String] = []
        var refusals: [String] = []
        func shouldTransition(from: Gate, to: Gate) -> Bool { allowed.contains([from, to]) }
        func didTransition(from: Gate, to: Gate) { changes.append("\(from)->\(to)") }
        func didRefuseTransition(from: Gate, to: Gate) { refusals.append("\(from)->\(to)") }
    }

    @Test(arguments: ApproverReference.allCases)
    func approvedAssignmentsChangeTheState(reference: ApproverReference) {
        let keeper = Keeper()
        let gate = GuardedStateMachine(initialState: Gate.closed, approver: keeper, reference: reference)
        gate.state = .open
        #expect(gate.state == .open)
        #expect(keeper.changes == ["closed->open"])
        #expect(gate.lastRefusal == nil)
    }

    @Test(arguments: ApproverReference.allCases)
    func refusedAssignmentsLeaveTheStateAndAreReported(reference: ApproverReference) {
        let keeper = Keeper()
        let gate = GuardedStateMachine(initialState: Gate.open, approver: keeper, reference: reference)
        var ignoredByObserver: [Gate] = []
        gate.machine.addIgnoredEventObserver { _, requested in ignoredByObserver.append(requested) }
        gate.state = .locked
        #expect(gate.state == .open)
        #expect(gate.lastRefusal?.from == .open)
        #expect(gate.lastRefusal?.to == .locked)
        #expect(keeper.refusals == ["open->locked"])
        #expect(ignoredByObserver == [.locked])
        #expect(gate.request(.locked) == false)
        #expect(gate.request(.closed))
    }

    @Test(arguments: ApproverReference.allCases)
    func theInitialStateIsNotSubmittedToTheApprover(reference: ApproverReference) {
        let keeper = Keeper()
        keeper.allowed = []
        let gate = GuardedStateMachine(initialState: Gate.locked, approver: keeper, reference: reference)
        #expect(gate.state == .locked)
        #expect(keeper.changes.isEmpty && keeper.refusals.isEmpty)
    }

    @Test func theApproverIsHeldWeakly() {
        var keeper: Keeper? = Keeper()
        weak let weakKeeper = keeper
        let gate = GuardedStateMachine(initialState: Gate.closed, approver: keeper)
        keeper = nil
        #expect(weakKeeper == nil)
        #expect(gate.approver == nil)
        gate.state = .open // nothing left to approve it: refused
        #expect(gate.state == .closed)
    }

    @Test(arguments: ApproverReference.allCases)
    func observersOfTheRuntimeSeeApprovedChanges(reference: ApproverReference) {
        let keeper = Keeper()
        let gate = GuardedStateMachine(initialState: Gate.closed, approver: keeper, reference: reference)
        var seen: [String] = []
        gate.machine.addObserver { old, _, new in seen.append("\(old)->\(new)") }
        gate.state = .open
        gate.state = .locked // refused
        gate.state = .closed
        #expect(seen == ["closed->open", "open->closed"])
    }

    @Test(arguments: ApproverReference.allCases)
    func releasingTheGuardedMachineFreesIt(reference: ApproverReference) {
        let keeper = Keeper()
        weak var weakGate: GuardedStateMachine<Keeper>?
        do {
            let gate = GuardedStateMachine(initialState: Gate.closed, approver: keeper, reference: reference)
            gate.state = .open
            weakGate = gate
        }
        #expect(weakGate == nil)
    }

    /// The documented pattern: an approver owning its machine, held unowned, is freed with it.
    @Test func anUnownedApproverOwningItsMachineIsFreed() {
        final class Door: TransitionApprover {
            lazy var machine = GuardedStateMachine(initialState: Gate.closed, approver: self, reference: .unowned)
            func shouldTransition(from: Gate, to: Gate) -> Bool { from != to }
        }
        weak var weakDoor: Door?
        do {
            let door = Door()
            door.machine.state = .open
            #expect(door.machine.state == .open)
            #expect(door.machine.approver === door)
            weakDoor = door
        }
        #expect(weakDoor == nil)
    }

    /// Held unowned, the approver is not kept alive by its machine, and a request after it is gone stops
    /// the program instead of being refused.
    @Test func aRequestAfterAnUnownedApproverIsGoneTraps() async {
        await #expect(processExitsWith: .failure) {
            var keeper: Keeper? = Keeper()
            let gate = GuardedStateMachine(initialState: Gate.closed, approver: keeper, reference: .unowned)
            keeper = nil
            gate.state = .open
        }
    }
}
