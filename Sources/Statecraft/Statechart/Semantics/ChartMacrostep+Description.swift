extension ChartMicrostep: CustomStringConvertible {
    /// One line: the transitions taken, then the states exited and entered, in order.
    ///
    /// ```
    /// [play] exited: stopped; entered: active, playback, playing, volume, audible
    /// ```
    public var description: String {
        let exitedList = exited.map { "\($0)" }.joined(separator: ", ")
        let enteredList = entered.map { "\($0)" }.joined(separator: ", ")
        return "[\(transitions.joined(separator: ", "))] exited: \(exitedList); entered: \(enteredList)"
    }
}

extension ChartMacrostep: CustomStringConvertible {
    /// One line per microstep (see ``ChartMicrostep/description``), then one line per error.
    public var description: String {
        var lines = microsteps.map(\.description)
        lines.append(contentsOf: errors.map(\.description))
        if let loopError { lines.append("stopped: \(loopError)") }
        return lines.joined(separator: "\n")
    }
}
