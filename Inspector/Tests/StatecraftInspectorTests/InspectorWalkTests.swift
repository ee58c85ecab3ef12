import Statecraft
import StatecraftAnalysis
import StatecraftInspector
import StatecraftVisualizer
import Testing

/// What the `statecraft-inspector` server does with each line it reads: follow the explored space.
@Suite("Inspector walk")
struct InspectorWalkTests {
    enum Door: String, Hashable, Sendable, CustomStringConvertible {
        case closed, opened, room, hall
        var description: String { rawValue }
    }
    enum Push: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case open, close, lock
        var description: String { rawValue }
    }

    /// `lock` is never handled; `open` leaves `room` for `hall`.
    static func chart() throws -> Statechart<Door, Push, Void> {
        try Statechart(initial: .room, context: ()) {
            ChartState(.room, initial: .closed) {
                ChartState(.closed) { OnEvent(.open, target: .opened) }
                ChartState(.opened) {
                    OnEvent(.close, target: .closed)
                    OnEvent(.open, target: .hall)
                }
            }
            ChartState(.hall)
        }
    }

    @Test("Events take the explored steps; the start is the first transition")
    func followsTheSpace() throws {
        var walk = InspectorWalk(model: .explore(try Self.chart()))
        #expect(walk.startTransition.configuration == ["room", "closed"])
        #expect(walk.startTransition.entered == ["room", "closed"] && walk.startTransition.event == "")
        #expect(
            walk.send("open")
                == .moved(
                    InspectorTransition(
                        event: "open", exited: ["closed"], entered: ["opened"], configuration: ["room", "opened"])))
        #expect(walk.send("lock") == .ignored)
        #expect(walk.send("kick") == .unknownEvent)
        #expect(walk.states == ["room", "opened"])
        guard case .moved(let transition) = walk.send("open") else {
            Issue.record("open should leave the room")
            return
        }
        #expect(transition.exited == ["opened", "room"] && transition.entered == ["hall"])
        #expect(walk.states == ["hall"])
    }

    @Test("A step cut at the exploration bound is told apart from an ignored event")
    func cutSteps() throws {
        var walk = InspectorWalk(model: .explore(try Self.chart(), limits: ExplorationLimits(maxConfigurations: 1)))
        #expect(walk.send("open") == .notExplored)
        #expect(walk.send("lock") == .ignored)
        #expect(walk.states == ["room", "closed"])
    }
}
