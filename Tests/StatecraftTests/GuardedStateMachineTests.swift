import Statecraft
import Testing

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

    @Test func approvedAssignmentsChangeTheState() {
        let keeper = Keeper()
        let gate = GuardedStateMachine(initialState: Gate.closed, approver: keeper)
        gate.state = .open
        #expect(gate.state == .open)
        #expect(keeper.changes == ["closed->open"])
        #expect(gate.lastRefusal == nil)
    }

    @Test func refusedAssignmentsLeaveTheStateAndAreReported() {
        let keeper = Keeper()
        let gate = GuardedStateMachine(initialState: Gate.open, approver: keeper)
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

    @Test func theInitialStateIsNotSubmittedToTheApprover() {
        let keeper = Keeper()
        keeper.allowed = []
        let gate = GuardedStateMachine(initialState: Gate.locked, approver: keeper)
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
        gate.state = .open            // nothing left to approve it: refused
        #expect(gate.state == .closed)
    }

    @Test func observersOfTheRuntimeSeeApprovedChanges() {
        let keeper = Keeper()
        let gate = GuardedStateMachine(initialState: Gate.closed, approver: keeper)
        var seen: [String] = []
        gate.machine.addObserver { old, _, new in seen.append("\(old)->\(new)") }
        gate.state = .open
        gate.state = .locked   // refused
        gate.state = .closed
        #expect(seen == ["closed->open", "open->closed"])
    }

    @Test func releasingTheGuardedMachineFreesIt() {
        let keeper = Keeper()
        weak var weakGate: GuardedStateMachine<Keeper>?
        do {
            let gate = GuardedStateMachine(initialState: Gate.closed, approver: keeper)
            gate.state = .open
            weakGate = gate
        }
        #expect(weakGate == nil)
    }
}
