import Logging

/// Writes one machine's log lines: what the observers installed by `StateMachine.log(to:name:level:)` call.
struct MachineLogging {
    let logger: Logger
    let name: String
    let level: Logger.Level

    func transition<State, Event>(from old: State, on event: Event, to new: State) {
        logger.log(
            level: level, "transition",
            metadata: [
                "machine": "\(name)", "from": "\(old)", "event": "\(event)", "to": "\(new)",
            ])
    }

    func ignored<State, Event>(_ event: Event, in state: State) {
        logger.log(
            level: level, "ignored event", metadata: ["machine": "\(name)", "event": "\(event)", "state": "\(state)"])
    }

    func effectError<State>(_ error: any Error, in state: State) {
        logger.error("effect error", metadata: ["machine": "\(name)", "error": "\(error)", "state": "\(state)"])
    }
}
