import Statecraft
import Testing

/// A log shared by hooks; hooks are non-mutating, so they write into a reference.
final class HookLog { var lines: [String] = [] }

@Suite("States that decide")
struct StateMachineStateTests {
    struct Player: StateMachineState {
        enum Mode: Equatable { case stopped, playing(position: Int), paused(position: Int) }
        enum Event { case play, tick, pause, stop }

        var mode: Mode
        let log: HookLog

        func next(for event: Event) -> StateTransition<Player> {
            switch (mode, event) {
            case (.stopped, .play): .to(with(.playing(position: 0)))
            case (.paused(let p), .play): .to(with(.playing(position: p)))
            case (.playing(let p), .tick): .update(with(.playing(position: p + 1)))
            case (.playing(let p), .pause): .to(with(.paused(position: p)))
            case (.playing, .stop), (.paused, .stop): .to(with(.stopped))
            default: .ignore
            }
        }

        func with(_ mode: Mode) -> Player { Player(mode: mode, log: log) }

        func willTransition(on event: Event, to next: Player, in machine: Machine) {
            log.lines.append("will \(event) in \(mode)")
        }
        func didExit(to next: Player, in machine: Machine) { log.lines.append("exit \(mode)") }
        func didEnter(from previous: Player?, in machine: Machine) { log.lines.append("enter \(mode)") }
        func didTransition(on event: Event, from previous: Player, in machine: Machine) {
            log.lines.append("did \(event) now \(mode)")
        }
    }

    @Test func theInitialStateIsEnteredWhenTheMachineStarts() {
        let log = HookLog()
        _ = StateMachine(initialState: Player(mode: .stopped, log: log))
        #expect(log.lines == ["enter stopped"])
    }

    @Test func aChangeOfStateRunsAllFourHooksInOrder() {
        let log = HookLog()
        let machine = StateMachine(initialState: Player(mode: .stopped, log: log))
        log.lines.removeAll()
        machine.handle(.play)
        #expect(
            log.lines == [
                "will play in stopped", "exit stopped", "enter playing(position: 0)",
                "did play now playing(position: 0)",
            ])
    }

    @Test func anUpdateInPlaceRunsOnlyTheBeforeAndAfterHooks() {
        let log = HookLog()
        let machine = StateMachine(initialState: Player(mode: .playing(position: 4), log: log))
        log.lines.removeAll()
        #expect(machine.handle(.tick))
        #expect(machine.state.mode == .playing(position: 5))
        #expect(log.lines == ["will tick in playing(position: 4)", "did tick now playing(position: 5)"])
    }

    @Test func anIgnoredEventRunsNoHook() {
        let log = HookLog()
        let machine = StateMachine(initialState: Player(mode: .stopped, log: log))
        log.lines.removeAll()
        #expect(machine.handle(.tick) == false)
        #expect(log.lines.isEmpty)
    }

    @Test func observersSeeUpdatesInPlaceToo() {
        let machine = StateMachine(initialState: Player(mode: .playing(position: 0), log: HookLog()))
        var modes: [Player.Mode] = []
        machine.addObserver { _, _, new in modes.append(new.mode) }
        machine.handle(.tick)
        machine.handle(.pause)
        #expect(modes == [.playing(position: 1), .paused(position: 1)])
    }

    /// Hooks send follow-up events; they run after the current event completes.
    struct Countdown: StateMachineState {
        var remaining: Int
        let log: HookLog
        func next(for event: String) -> StateTransition<Countdown> {
            switch event {
            case "tick" where remaining > 0: .update(Countdown(remaining: remaining - 1, log: log))
            case "tick": .ignore
            default: .ignore
            }
        }
        func didEnter(from previous: Countdown?, in machine: Machine) {
            log.lines.append("entered with \(remaining)")
            machine.send("tick") // queued: the machine is still starting
        }
        func didTransition(on event: String, from previous: Countdown, in machine: Machine) {
            log.lines.append("remaining \(remaining)")
            if remaining > 0 { machine.send("tick") }
        }
    }

    @Test func hooksSendFollowUpEventsThatAreHandledInOrder() {
        let log = HookLog()
        let machine = StateMachine(initialState: Countdown(remaining: 3, log: log))
        #expect(machine.state.remaining == 0)
        #expect(log.lines == ["entered with 3", "remaining 2", "remaining 1", "remaining 0"])
    }
}
