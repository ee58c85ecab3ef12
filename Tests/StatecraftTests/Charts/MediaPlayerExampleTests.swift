import Statecraft
import StatecraftTesting
import Testing

/// The worked example of the "Statecharts" DocC article, checked as written there.
@Suite("Chart media player example")
struct MediaPlayerExampleTests {
    enum Player: Hashable, Sendable {
        case off, on, resume, stopped, active, playback, playing, paused, volume, audible, muted, ejected
    }
    enum Input: Hashable, Sendable {
        case power, play, pause, stop, mute, unmute, eject, idleTimeout
        case setVolume(Int)
    }
    struct Settings: Sendable {
        var volume = 5
        var plays = 0
    }

    static func makePlayer() throws -> Statechart<Player, Input, Settings> {
        try Statechart<Player, Input, Settings>(initial: .off, context: Settings()) {
            ChartState(.off) {
                OnEvent(.power, target: .resume)
            }
            ChartState(.on, initial: .stopped) {
                HistoryState(.resume, .deep)
                OnEvent(.power, target: .off)
                OnEvent(.eject, target: .ejected)
                ChartState(.stopped) {
                    OnEvent(.play, target: .active)
                    AfterDelay(.seconds(300), send: .idleTimeout, target: .off)
                }
                ParallelState(.active) {
                    OnEvent(.stop, target: .stopped)
                    ChartState(.playback, initial: .playing) {
                        ChartState(.playing) {
                            OnEntry { settings, _ in settings.plays += 1 }
                            OnEvent(.pause, target: .paused)
                        }
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

    @Test func walkthroughFromTheArticle() throws {
        let machine = StateMachine(chart: try Self.makePlayer())
        machine.handle(.power)
        #expect(machine.state.configuration == [.on, .stopped])
        machine.handle(.play)
        #expect(machine.state.lastMacrostep.entered == [.active, .playback, .playing, .volume, .audible])
        machine.handle(.mute)
        machine.handle(.power)
        #expect(machine.state.lastMacrostep.exited == [.muted, .volume, .playing, .playback, .active, .on])
        machine.handle(.power)
        #expect(machine.state.atomicStates == [.playing, .muted])
        #expect(machine.state.context.plays == 2)
    }

    @Test func pureStepFromTheArticle() throws {
        let player = try Self.makePlayer()
        let next = player.step(player.start(), on: .power)
        #expect(next?.lastMacrostep.exited == [.off])
        #expect(next?.lastMacrostep.entered == [.on, .stopped])
    }

    @MainActor @Test func stoppedPlayerSwitchesItselfOffAfterFiveIdleMinutes() async throws {
        let clock = ManualClock()
        let machine = StateMachine(chart: try Self.makePlayer())
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }
        await clock.waitForRunLoops()
        var events: [Input] = []
        machine.addObserver { _, event, _ in events.append(event) }
        machine.handle(.power)
        await clock.advance(by: .seconds(299))
        #expect(machine.state.isActive(.stopped))
        await clock.advance(by: .seconds(1))
        #expect(machine.state.isActive(.off))
        #expect(events == [.power, .idleTimeout])
    }

    @Test func volumeIsSetInAnyVolumeStateAndEjectingEndsTheChart() throws {
        let machine = StateMachine(chart: try Self.makePlayer())
        machine.handle(.power)
        machine.handle(.play)
        machine.handle(.mute)
        #expect(machine.handle(.setVolume(8)))
        #expect(machine.state.context.volume == 8)
        #expect(machine.state.isActive(.muted))
        machine.handle(.eject)
        #expect(machine.state.isFinished)
        #expect(machine.state.finalState == .ejected)
    }
}
