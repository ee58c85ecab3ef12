import Statecraft
import StatecraftDiagrams
import Testing

/// A `Statechart`'s structure, as a `MachineDescription` (`Statechart+MachineDescription.swift`).
@Suite("Charts as machine descriptions")
struct ChartDescriptionTests {
    @Test func statesKeepDocumentOrderKindsParentsAndInitialChildren() throws {
        let description = try ChartFixture.player().machineDescription(name: "Player")
        #expect(description.initialState == "off")
        #expect(
            description.states == [
                StateDescription(id: "off", label: "Off"),
                StateDescription(id: "on", label: "On", kind: .compound, initialChild: "stopped"),
                StateDescription(id: "resume", label: "H*", kind: .deepHistory, parent: "on"),
                StateDescription(id: "stopped", label: "Stopped", parent: "on"),
                StateDescription(id: "active", label: "Active", kind: .parallel, parent: "on"),
                StateDescription(
                    id: "playback", label: "Playback", kind: .compound, parent: "active",
                    initialChild: "playing"),
                StateDescription(id: "playing", label: "Playing", parent: "playback"),
                StateDescription(id: "paused", label: "Paused", parent: "playback"),
                StateDescription(
                    id: "volume", label: "Volume", kind: .compound, parent: "active",
                    initialChild: "audible"),
                StateDescription(id: "audible", label: "Audible", parent: "volume"),
                StateDescription(id: "muted", label: "Muted", parent: "volume"),
                StateDescription(id: "ejected", label: "Ejected", kind: .final),
            ])
    }

    @Test func transitionsKeepTriggersGuardsTargetsAndHistoryDefaults() throws {
        let description = try ChartFixture.player().machineDescription()
        #expect(
            description.transitions.contains(
                TransitionDescription(
                    source: "stopped", event: "play", targets: ["active"], condition: "hasVolume",
                    isConditionOpaque: true)))
        #expect(
            description.transitions.contains(
                TransitionDescription(
                    source: "stopped", event: "idleTimeout", targets: ["off"], delay: .seconds(300),
                    delayID: "statecraft.after.stopped.idleTimeout")))
        #expect(
            description.transitions.contains(
                TransitionDescription(source: "volume", event: "setVolume", targets: [])))
        // The deep history's default: the parent's initial child.
        #expect(
            description.transitions.contains(
                TransitionDescription(source: "resume", event: nil, target: "stopped")))
        #expect(description.transitions.first == TransitionDescription(source: "off", event: "power", target: "resume"))
    }

    @Test func aChartMachineDescribesItsChart() throws {
        let machine = StateMachine(chart: try ChartFixture.player())
        machine.handle(.power)
        #expect(machine.machineDescription() == (try ChartFixture.player().machineDescription()))
    }

    enum Slot: Hashable, Sendable, CustomStringConvertible {
        case a, b
        var description: String { "slot" }
    }

    @Test func identifiersThatPrintAlikeStayDistinct() throws {
        let chart = try Statechart<Slot, Int, Void>(initial: .a, context: ()) {
            ChartState(.a) { OnEvent(1, target: .b) }
            ChartState(.b)
        }
        let description = chart.machineDescription()
        #expect(description.states.map(\.id) == ["slot", "slot#2"])
        #expect(description.transitions == [TransitionDescription(source: "slot", event: "1", target: "slot#2")])
    }
}
