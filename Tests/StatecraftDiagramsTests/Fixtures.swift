import Statecraft
import StatecraftDiagrams
import StatecraftTestSupport

/// Machines the diagram tests draw.
enum Fixtures {
    // MARK: Seed 001's refresh-list screen

    enum ScreenState: CaseIterable, DiagramLabeled {
        case list, refreshing, error
        var diagramLabel: String {
            switch self {
            case .list: "List"
            case .refreshing: "Refreshing"
            case .error: "Error"
            }
        }
    }

    enum ScreenEvent: CaseIterable, DiagramLabeled {
        case refresh, showList, showError, dismissError
        var diagramLabel: String {
            switch self {
            case .refresh: "Refresh"
            case .showList: "ShowList"
            case .showError: "ShowError"
            case .dismissError: "DismissError"
            }
        }
    }

    static func refreshListSchema(onBlock: @escaping @Sendable () -> Void = {})
        -> StateMachineSchema<ScreenState, ScreenEvent, Void>
    {
        StateMachineSchema(initialState: .list) { state, event in
            switch state {
            case .list:
                switch event {
                case .refresh: return (.refreshing, { _ in onBlock() })
                case .showList, .showError, .dismissError: return nil
                }
            case .refreshing:
                switch event {
                case .refresh, .dismissError: return nil
                case .showList: return (.list, { _ in onBlock() })
                case .showError: return (.error, { _ in onBlock() })
                }
            case .error:
                switch event {
                case .refresh: return (.refreshing, { _ in onBlock() })
                case .showList, .showError: return nil
                case .dismissError: return (.list, { _ in onBlock() })
                }
            }
        }
    }

    /// Seed 001's DOT for the refresh-list machine, exactly (shared with the CLI's tests).
    static let seedDOT = SeedOutputs.refreshListDOT

    // MARK: A statechart using every kind of state and transition

    /// A media player: compound, parallel, shallow and deep history, final states; eventless, guarded,
    /// internal, targetless and multi-target transitions.
    static func mediaPlayer() throws -> MachineDescription {
        try MachineDescription(
            name: "Media player",
            states: [
                StateDescription(id: "off", label: "Off"),
                StateDescription(id: "on", label: "On", kind: .compound, initialChild: "playback"),
                StateDescription(id: "playback", label: "Playback", kind: .parallel, parent: "on"),
                StateDescription(id: "audio", label: "Audio", kind: .compound, parent: "playback"),
                StateDescription(id: "unmuted", label: "Unmuted", parent: "audio"),
                StateDescription(id: "muted", label: "Muted", parent: "audio"),
                StateDescription(id: "audioHistory", kind: .shallowHistory, parent: "audio"),
                StateDescription(
                    id: "video", label: "Video", kind: .compound, parent: "playback",
                    initialChild: "paused"),
                StateDescription(id: "playing", label: "Playing", parent: "video"),
                StateDescription(id: "paused", label: "Paused", parent: "video"),
                StateDescription(id: "onHistory", kind: .deepHistory, parent: "on"),
                StateDescription(id: "ejected", label: "Ejected", kind: .final),
            ],
            initialState: "off",
            events: [
                EventDescription(id: "power", label: "Power"),
                EventDescription(id: "mute", label: "Toggle mute"),
                EventDescription(id: "play", label: "Play"),
                EventDescription(id: "pause", label: "Pause"),
                EventDescription(id: "tick", label: "Tick"),
                EventDescription(id: "resume", label: "Resume"),
                EventDescription(id: "eject", label: "Eject"),
                EventDescription(id: "quickStart", label: "Quick start"),
            ],
            transitions: [
                TransitionDescription(source: "off", event: "power", target: "on"),
                TransitionDescription(source: "on", event: "power", target: "off"),
                TransitionDescription(source: "unmuted", event: "mute", target: "muted"),
                TransitionDescription(source: "muted", event: "mute", target: "unmuted"),
                TransitionDescription(source: "paused", event: "play", target: "playing"),
                TransitionDescription(source: "playing", event: "pause", target: "paused"),
                TransitionDescription(source: "playing", event: "tick", targets: [], kind: .internal),
                TransitionDescription(source: "off", event: "resume", target: "onHistory"),
                TransitionDescription(source: "on", event: "eject", target: "ejected", condition: "disc present"),
                TransitionDescription(source: "paused", event: nil, target: "off", condition: "idle 10 min"),
                TransitionDescription(source: "off", event: "quickStart", targets: ["muted", "playing"]),
                TransitionDescription(source: "on", event: "tick", target: "video", kind: .internal),
            ])
    }

    /// A parallel state whose regions have a targetless loop, a transition between them and one leaving
    /// the parallel state: the cases Mermaid and PlantUML cannot draw where they are.
    static func regions() throws -> MachineDescription {
        try MachineDescription(
            states: [
                StateDescription(id: "P", kind: .parallel),
                StateDescription(id: "A", kind: .compound, parent: "P"),
                StateDescription(id: "a1", parent: "A"),
                StateDescription(id: "B", kind: .compound, parent: "P"),
                StateDescription(id: "b1", parent: "B"),
                StateDescription(id: "out"),
            ],
            initialState: "P", events: [EventDescription(id: "x"), EventDescription(id: "y")],
            transitions: [
                TransitionDescription(source: "A", event: "x", targets: []),
                TransitionDescription(source: "a1", event: "y", target: "b1"),
                TransitionDescription(source: "b1", event: "x", target: "out"),
            ])
    }

    // MARK: Labels every format must escape

    /// Labels with quotes, backslashes, line breaks, control characters, non-ASCII text and the reserved
    /// words and markup of every format.
    static let awkwardLabels = [
        #"Say "hi""#,
        #"back\slash \n not a break"#,
        "two\nlines",
        "windows\r\nbreak",
        "tab\there",
        "Café ☕ 日本語 Ünïcödé",
        "end",
        "state",
        "direction LR",
        "%% not a comment",
        "a # b; c: d",
        "<b>bold</b> & <br/>",
        "**stars** __under__ --dashes-- //slashes// ^^carets^^ ==equals==",
        "~tilde 'quote' [[link]] {brace} |pipe|",
        "digraph subgraph node edge graph strict",
        "@enduml",
        "-> --> [*]",
        "",
        "- dash * star",
        "# hash\n= equals\n|bar| + plus",
        "[[choice]] [[fork]] <<join>>",
    ]

    static func awkward() throws -> MachineDescription {
        let states = awkwardLabels.enumerated().map { StateDescription(id: "s\($0.offset)", label: $0.element) }
        let events = awkwardLabels.enumerated().map { EventDescription(id: "e\($0.offset)", label: $0.element) }
        let transitions = awkwardLabels.indices.map {
            TransitionDescription(
                source: "s\($0)", event: "e\($0)", target: "s\(($0 + 1) % awkwardLabels.count)",
                condition: $0 == 0 ? #"x == "y""# : nil)
        }
        return try MachineDescription(
            name: #"Awkward "names" \ here"#, states: states, initialState: "s0",
            events: events, transitions: transitions)
    }
}
