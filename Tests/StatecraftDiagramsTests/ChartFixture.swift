import Statecraft

/// The media player of the *Statecharts* article, as a `Chart`, with a guarded transition and a
/// `DiagramLabeled` state type.
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

    static func player() throws -> Chart<Player, Input, Settings> {
        try Chart<Player, Input, Settings>(initial: .off, context: Settings()) {
            ChartState(.off) {
                On(.power, target: .resume)
            }
            ChartState(.on, initial: .stopped) {
                History(.resume, .deep)
                On(.power, target: .off)
                On(.eject, target: .ejected)
                ChartState(.stopped) {
                    On(.play, target: .active, when: { settings, _ in settings.volume > 0 })
                    After(.seconds(300), send: .idleTimeout, target: .off)
                }
                Parallel(.active) {
                    On(.stop, target: .stopped)
                    ChartState(.playback, initial: .playing) {
                        ChartState(.playing) { On(.pause, target: .paused) }
                        ChartState(.paused) { On(.play, target: .playing) }
                    }
                    ChartState(.volume, initial: .audible) {
                        On(matching: { if case .setVolume = $0 { true } else { false } }, label: "setVolume",
                           action: { settings, scope in
                               if case .setVolume(let level)? = scope.event { settings.volume = level }
                           })
                        ChartState(.audible) { On(.mute, target: .muted) }
                        ChartState(.muted) { On(.unmute, target: .audible) }
                    }
                }
            }
            Final(.ejected)
        }
    }
}
