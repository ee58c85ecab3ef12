import Testing

@testable import Statecraft

/// A chart machine's steps hand guards and actions the scope box of its own stepper (`_ChartStepper`), made with
/// the machine: machines sharing a runtime never share a box, whoever steps first.
@Suite("Chart machine scope box")
struct ChartMachineScopeBoxTests {
    enum Phase: Hashable, Sendable { case idle, busy }
    enum Signal: CaseIterable, Sendable { case go, nudge }

    typealias Chart = Statechart<Phase, Signal, [String]>

    /// Holds the machine an action of the other machine handles an event on.
    final class Link: @unchecked Sendable {
        var other: StateMachine<Chart>?
    }

    /// On `go`, an action notes the signal it sees, lets `link`'s machine handle `nudge` (a step of its own, in
    /// the middle of this one), then notes the signal it sees again.
    static func chart(_ link: Link) throws -> Chart {
        try Chart(initial: .idle, context: []) {
            ChartState(.idle) {
                OnEvent(
                    .go, target: .busy,
                    action: { notes, scope in
                        notes.append("before: \(Self.name(scope.event))")
                        link.other?.handle(.nudge)
                        notes.append("after: \(Self.name(scope.event))")
                    })
            }
            ChartState(.busy) {
                OnEvent(
                    .nudge, target: .idle, action: { notes, scope in notes.append("nudged: \(Self.name(scope.event))") }
                )
                OnEvent(.go, target: .idle)
            }
        }
    }

    static func name(_ event: Signal?) -> String {
        event.map { "\($0)" } ?? "nil"
    }

    @Test func machinesSharingARuntimeEachSeeTheirOwnSignal() throws {
        let runtime = ChartRuntime()
        let link = Link()
        let chart = try Self.chart(link)
        let first = StateMachine(definition: chart, subject: runtime)
        let second = StateMachine(definition: chart, subject: runtime)
        // Each machine has its own box, made with it.
        #expect(first.stepper.box !== second.stepper.box)
        #expect(second.handle(.go))
        #expect(second.state.context == ["before: go", "after: go"])
        link.other = second
        #expect(first.handle(.go))
        #expect(first.state.context == ["before: go", "after: go"])
        #expect(second.state.context.last == "nudged: nudge")
        #expect(second.state.isActive(.idle))
        // And the other way round: the owner's step around the other's.
        link.other = first
        #expect(second.handle(.go))
        #expect(second.state.context.suffix(2) == ["before: go", "after: go"])
        #expect(first.state.context.last == "nudged: nudge")
    }

    enum Other: Hashable, Sendable { case off, on }

    @Test func aRuntimeOutlivingItsMachineServesTheNextOneWhateverItsChart() throws {
        let runtime = ChartRuntime()
        do {
            let first = StateMachine(definition: try Self.chart(Link()), subject: runtime)
            #expect(first.handle(.go))
        }
        // The machine is gone, and its box with it: the runtime holds none for whatever machine comes next.
        let other = try Statechart<Other, Signal, [String]>(initial: .off, context: []) {
            ChartState(.off) {
                OnEvent(.nudge, target: .on, action: { notes, scope in notes.append("on: \(Self.name(scope.event))") })
            }
            ChartState(.on)
        }
        let second = StateMachine(definition: other, subject: runtime)
        #expect(second.handle(.nudge))
        #expect(second.state.context == ["on: nudge"])
    }
}
