import Statecraft

/// The media player of the *Statecharts* article, as a `Statechart`, with a named guard, a delayed
/// transition and a `DiagramLabeled` state type.
enum ChartFixture {
    enum Player: Hashable, Sendable, DiagramLabeled {
        case off, on, resume, stopped, active, playback, playing, paused, volume, audible, muted, ejected
        var diagramLabel: String {
            switch self {
            case .resume: "H*"
            default: DiagramLabel.caseName(of: self).capitalized
            }
        }
    }

    enum Input: Hashable, Sendable {
        case power, play, pause, stop, mute, unmute, eject, idleTimeout
        case setVolume(Int)
    }

    struct Settings: Sendable { var volume = 5 }

    static func player() throws -> Statechart<Player, Input, Settings> {
        try Statechart<Player, Input, Settings>(initial: .off, context: Settings()) {
            ChartState(.off) {
                OnEvent(.power, target: .resume)
            }
            ChartState(.on, initial: .stopped) {
                HistoryState(.resume, .deep)
                OnEvent(.power, target: .off)
                OnEvent(.eject, target: .ejected)
                ChartState(.stopped) {
                    OnEvent(.play, target: .active, when: .named("hasVolume") { settings, _ in settings.volume > 0 })
                    AfterDelay(.seconds(300), send: .idleTimeout, target: .off)
                }
                ParallelState(.active) {
                    OnEvent(.stop, target: .stopped)
                    ChartState(.playback, initial: .playing) {
                        ChartState(.playing) { OnEvent(.pause, target: .paused) }
                        ChartState(.paused) { OnEvent(.play, target: .playing) }
                    }
                    ChartState(.volume, initial: .audible) {
                        OnEvent(
                            matching: { if case .setVolume = $0 { true } else { false } }, label: "setVolume",
                            action: { settings, scope in
                                if case .setVolume(let level)? = scope.event { settings.volume = level }
                            })
                        ChartState(.audible) { OnEvent(.mute, target: .muted) }
                        ChartState(.muted) { OnEvent(.unmute, target: .audible) }
                    }
                }
            }
            FinalState(.ejected)
        }
    }
}
