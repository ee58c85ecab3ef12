import Logging
import Statecraft

extension StateMachine {
    /// Logs this machine's transitions and ignored events to `logger`; for a machine with effects, the
    /// overload for `Sendable` events logs effect errors too.
    ///
    /// ```swift
    /// var logger = Logger(label: "com.example.download")
    /// logger.logLevel = .debug
    /// machine.log(to: logger)
    /// // debug: transition [event: start, from: idle, machine: download, to: loading(0.0)]
    /// ```
    ///
    /// Each line is a fixed message with the details as metadata, so that a log backend can filter and
    /// index them: `transition` (`from`, `event`, `to`) and `ignored event` (`event`, `state`), both at
    /// `level`; `effect error` (`error`, `state`) at `.error`. Every line carries `machine: name`. States
    /// and events are written with `String(describing:)`.
    ///
    /// - Parameters:
    ///   - logger: Where the lines go.
    ///   - name: The `machine` metadata value, to tell machines apart in one log.
    ///   - level: The level of transitions and ignored events; `.debug` by default.
    /// - Returns: The observers' tokens, for `StateMachine.removeObserver(_:)`.
    @discardableResult
    public func log(to logger: Logger, name: String = "\(Definition.self)", level: Logger.Level = .debug)
        -> [ObserverToken]
    {
        let logging = MachineLogging(logger: logger, name: name, level: level)
        return [
            addObserver { old, event, new in logging.transition(from: old, on: event, to: new) },
            addIgnoredEventObserver { state, event in logging.ignored(event, in: state) },
        ]
    }
}

extension StateMachine where Event: Sendable {
    /// Logs this machine's transitions, ignored events and effect errors to `logger` (see the overload above
    /// for the lines written).
    ///
    /// - Parameters:
    ///   - logger: Where the lines go.
    ///   - name: The `machine` metadata value, to tell machines apart in one log.
    ///   - level: The level of transitions and ignored events; `.debug` by default. Effect errors are
    ///     logged at `.error`.
    /// - Returns: The observers' tokens, for `StateMachine.removeObserver(_:)`.
    @discardableResult
    public func log(to logger: Logger, name: String = "\(Definition.self)", level: Logger.Level = .debug)
        -> [ObserverToken]
    {
        let logging = MachineLogging(logger: logger, name: name, level: level)
        return [
            addObserver { old, event, new in logging.transition(from: old, on: event, to: new) },
            addIgnoredEventObserver { state, event in logging.ignored(event, in: state) },
            addEffectErrorObserver { error, state in logging.effectError(error, in: state) },
        ]
    }
}
