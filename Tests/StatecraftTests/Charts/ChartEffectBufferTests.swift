import Testing

@testable import Statecraft

/// A chart whose actions send or cancel on every step reuses one buffer for the effects its actions ask for
/// (`ChartScope.spareEffects`): the step empties it after taking the effects and keeps it for the next action.
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
            }
        }
    }

    /// The scope box of `machine`'s runtime.
    static func scopeBox(of machine: StateMachine<Statechart<Lamp, Press, Int>>) throws -> ChartScopeBox<Lamp, Press> {
        try #require(machine.subject._scopeBox as? ChartScopeBox<Lamp, Press>)
    }

    @Test func theStepKeepsTheEffectsBufferForTheNextAction() throws {
        let machine = StateMachine(chart: try Self.chart())
        #expect(machine.handle(.toggle))
        #expect(machine.pendingDelayedEventCount == 1)
        let box = try Self.scopeBox(of: machine)
        #expect(box.scope.requestedEffects == nil)
        #expect(box.scope.spareEffects.isEmpty && box.scope.spareEffects.capacity >= 1)
        let buffer = box.scope.spareEffects.withUnsafeBufferPointer { $0.baseAddress }

        // Off (the exit cancels), on again (the entry sends): both actions ask, the same buffer serves both.
        for _ in 0..<3 {
            #expect(machine.handle(.toggle))
            #expect(machine.handle(.toggle))
            #expect(machine.pendingDelayedEventCount == 1)
            #expect(box.scope.requestedEffects == nil)
            #expect(box.scope.spareEffects.withUnsafeBufferPointer { $0.baseAddress } == buffer)
        }
        #expect(machine.state.lastMacrostep.effects.count == 1)
    }
}
