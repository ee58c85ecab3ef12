// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Statecraft
import StatecraftTesting
import Testing

// The samples of the DocC article *Statecharts*, as written there (DocSnippetTextTests checks it).

enum Track: Hashable, Sendable { case stopped, playing, paused }
enum Control: Hashable, Sendable { case play, pause, timeout }

/// The chart `PlayerModel` runs in the article: a pause that times out after 30 seconds.
let playerChart = try! Statechart<Track, Control, Void>(initial: .stopped, context: ()) {
    ChartState(.stopped) { OnEvent(.play, target: .playing) }
    ChartState(.playing) { OnEvent(.pause, target: .paused) }
    ChartState(.paused) {
        OnEvent(.play, target: .playing)
        AfterDelay(.seconds(30), send: .timeout, target: .stopped)
    }
}

@MainActor final class PlayerModel {
    let machine = StateMachine(chart: playerChart)      // `AfterDelay(.seconds(30), send: .timeout, …)` inside
    func start() -> Task<Void, Never> { Task { await machine.run(clock: ContinuousClock()) } }
}

@MainActor  // the test runs where the machine lives: nothing crosses isolation
@Test func aPauseTimesOutAfterThirtySeconds() async {
    let machine = StateMachine(chart: playerChart)
    let clock = ManualClock()
    let runLoop = Task { await machine.run(clock: clock) }
    await clock.waitForRunLoops()              // the run loop has started
    machine.handle(.play)
    machine.handle(.pause)                     // paused: a 30-second timer starts
    await clock.advance(by: .seconds(29))      // nothing is due
    await clock.advance(by: .seconds(1))       // `.timeout` has been handled
    #expect(machine.state.isActive(.stopped))
    runLoop.cancel()
    await runLoop.value
}

@MainActor
@Suite("Statecharts article samples")
struct StatechartsSnippets {
    @Test func theMediaPlayer() async throws {
        enum Player: Hashable, Sendable {
            case off, on, resume, stopped, active, playback, playing, paused, volume, audible, muted, ejected
        }
        enum Input: Hashable, Sendable {
            case power, play, pause, stop, mute, unmute, eject, idleTimeout
            case setVolume(Int)
        }
        struct Settings: Sendable { var volume = 5; var plays = 0 }

        let player = try Statechart<Player, Input, Settings>(initial: .off, context: Settings()) {
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
                        OnEvent(matching: { if case .setVolume = $0 { true } else { false } }, label: "setVolume",
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

        let machine = StateMachine(chart: player)
        machine.handle(.power)                     // history is empty: its default, on's initial child
        #expect(machine.state.configuration == [.on, .stopped])
        machine.handle(.play)
        #expect(machine.state.lastMacrostep.entered == [.active, .playback, .playing, .volume, .audible])
        machine.handle(.mute)
        machine.handle(.power)                     // deep history records playing and muted
        machine.handle(.power)
        #expect(machine.state.atomicStates == [.playing, .muted])

        let next = player.step(player.start(), on: .power)
        #expect(next?.lastMacrostep.exited == [.off])
        #expect(next?.lastMacrostep.entered == [.on, .stopped])

        do {
            let machine = StateMachine(chart: player)
            let clock = ManualClock()
            let runLoop = Task { await machine.run(clock: clock) }
            await clock.waitForRunLoops()              // the run loop has started
            machine.handle(.power)                     // stopped: a 5-minute idle timer starts
            await clock.advance(by: .seconds(299))     // nothing is due
            await clock.advance(by: .seconds(1))       // `.idleTimeout` has been handled
            #expect(machine.state.isActive(.off))
            runLoop.cancel()
            await runLoop.value
        }
    }

    @Test func namedGuardsAndTimerIDs() throws {
        enum Screen: Hashable, Sendable { case cart, paying, empty }
        enum Step: Hashable, Sendable { case checkout, pay, paymentTimeout }
        struct Cart: Sendable { var items: [String] = [] }

        let checkout = try Statechart<Screen, Step, Cart>(initial: .cart, context: Cart()) {
            ChartState(.cart) {
                OnEvent(.checkout, target: .paying, when: .named("hasItems") { cart, _ in !cart.items.isEmpty })
                OnEvent(.checkout, target: .empty)
            }
            ChartState(.paying) {
                AfterDelay(.seconds(30), send: .paymentTimeout, id: "payment", target: .cart)
                AfterDelay(.seconds(5), send: .pay, target: .paying, kind: .internal)
            }
            ChartState(.empty)
        }
        let transitions = checkout.machineDescription().transitions
        #expect(transitions.map(\.condition) == ["hasItems", nil, nil, nil])
        #expect(transitions.map(\.delayID) == [nil, nil, "payment", "statecraft.after.paying.pay"])
    }

    @Test func aViewModelRunsTheChartOnItsClock() async {
        let model = PlayerModel()
        model.machine.handle(.play)
        model.machine.handle(.pause)
        #expect(model.machine.pendingDelayedEventCount == 1)
        let runLoop = model.start()
        runLoop.cancel()
        await runLoop.value
        #expect(model.machine.state.configuration == [.paused])
    }
}
