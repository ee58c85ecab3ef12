import Testing

@testable import Statecraft

/// A chart whose actions send or cancel on every step allocates no list for the effects its actions ask for:
/// the first action's list becomes the record's, and the scope keeps the record's emptied buffer for the next
/// action (`ChartScope.spareEffects`), so two buffers take turns.
@Suite("Chart effect buffers")
struct ChartEffectBufferTests {
    enum Lamp: Hashable, Sendable { case off, on }
    enum Press: CaseIterable, Sendable, Equatable { case toggle, timeout }

    static func chart() throws -> Statechart<Lamp, Press, Int> {
        try Statechart(initial: .off, context: 0) {
            ChartState(.off) {
                OnEvent(.toggle, target: .on)
            }
            ChartState(.on) {
                OnEntry { _, scope in scope.send(.timeout, after: .seconds(60), id: "timer") }
                OnExit { _, scope in scope.cancel(id: "timer") }
                OnEvent(.toggle, target: .off)
                OnEvent(.timeout, target: .on)
            }
        }
    }

    /// The scope box of `machine`'s stepper.
    static func scopeBox(of machine: StateMachine<Statechart<Lamp, Press, Int>>) throws -> ChartScopeBox<Lamp, Press> {
        machine.stepper.box
    }

    @Test func theStepKeepsTheEffectsBuffersForTheNextActions() throws {
        let machine = StateMachine(chart: try Self.chart())
        #expect(machine.handle(.toggle))
        #expect(machine.pendingDelayedEventCount == 1)
        let box = try Self.scopeBox(of: machine)
        #expect(box.scope.requestedEffects == nil)
        #expect(box.scope.spareEffects.isEmpty)

        // Off (the exit cancels), on again (the entry sends): both actions ask; two buffers serve them all.
        var buffers: Set<UnsafePointer<ChartEffect<Press>>?> = []
        for round in 0..<4 {
            #expect(machine.handle(.toggle))
            #expect(machine.handle(.toggle))
            #expect(machine.pendingDelayedEventCount == 1)
            #expect(box.scope.requestedEffects == nil)
            #expect(box.scope.spareEffects.isEmpty)
            buffers.insert(box.scope.spareEffects.withUnsafeBufferPointer { $0.baseAddress })
            #expect(buffers.count <= 2, "a new buffer in round \(round)")
        }
        #expect(machine.state.lastMacrostep.effects.count == 1)
    }

    /// A later action that asks for two effects: both appended behind the list the first action handed over,
    /// in order.
    @Test func aLaterActionsSeveralEffectsFollowTheFirstActions() throws {
        let chart = try Statechart<Lamp, Press, Int>(initial: .off, context: 0) {
            ChartState(.off) {
                OnExit { _, scope in scope.cancel(id: "old") }
                OnEvent(.toggle, target: .on)
            }
            ChartState(.on) {
                OnEntry { _, scope in
                    scope.send(.timeout, after: .seconds(60), id: "first")
                    scope.send(.timeout, after: .seconds(120), id: "second")
                }
                OnEvent(.toggle, target: .off)
            }
        }
        let machine = StateMachine(chart: chart)
        for _ in 0..<3 {
            #expect(machine.handle(.toggle))
            #expect(
                Self.described(machine.state.lastMacrostep.effects) == [
                    "cancel old", "send timeout 60.0 seconds first", "send timeout 120.0 seconds second",
                ])
            #expect(machine.handle(.toggle))
            #expect(machine.cancelDelayedEvents(id: "first") == 1 && machine.cancelDelayedEvents(id: "second") == 1)
        }
    }

    /// The effects of a record, described.
    static func described(_ effects: [ChartEffect<Press>]) -> [String] {
        effects.map { effect -> String in
            switch effect {
            case .cancel(let id): "cancel \(id)"
            case .send(let event, let delay, let id): "send \(event) \(delay) \(id ?? "-")"
            case .invocation: "invocation"
            }
        }
    }

    /// Two actions of one macrostep ask (the exit cancels, the entry sends): the record lists both, in order —
    /// the second appended behind the list the first handed over.
    @Test func aMacrostepRecordsTheEffectsOfEveryActionInOrder() throws {
        let machine = StateMachine(chart: try Self.chart())
        #expect(machine.handle(.toggle))
        for _ in 0..<3 {
            #expect(machine.handle(.timeout))
            #expect(
                Self.described(machine.state.lastMacrostep.effects) == [
                    "cancel timer", "send timeout 60.0 seconds timer",
                ])
            #expect(machine.pendingDelayedEventCount == 1)
        }
    }
}
