import Statecraft

/// What one macrostep of an ``SCXMLSession`` did, as `statecraft run` prints it.
public struct SCXMLMacrostepRecord: Hashable, Sendable {
    /// The name of the external event processed; `nil` for the initial macrostep.
    public var event: String?
    /// The states exited, in the order they were exited (not counting the exit of every state when the
    /// chart halts in a top-level final state).
    public var exited: [String]
    /// The states entered, in the order they were entered.
    public var entered: [String]
    /// The active states after the macrostep, sorted by id; when the chart reached a top-level final
    /// state, the configuration it halted in.
    public var configuration: [String]
    /// The output of the `<log>` elements that ran, in order.
    public var logs: [SCXMLLogEntry]
    /// The errors raised (`error.execution`, `error.communication`), in order, each starting with its event
    /// name.
    public var errors: [String]
    /// The virtual time at which the macrostep ran.
    public var time: Duration
    /// Why the macrostep stopped before the chart settled, naming the loop; `nil` when it settled.
    /// Not part of ``jsonLine``: `statecraft run` reports it on standard error and exits with status 3.
    public var loopError: ChartLoopError?

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - event: the external event's name; `nil` for the initial macrostep.
    ///   - exited: the states exited, in order.
    ///   - entered: the states entered, in order.
    ///   - configuration: the active states, sorted by id.
    ///   - logs: the `<log>` output.
    ///   - errors: the execution errors.
    ///   - time: the virtual time.
    ///   - loopError: why the macrostep stopped before the chart settled, if it did.
    public init(
        event: String?, exited: [String], entered: [String], configuration: [String],
        logs: [SCXMLLogEntry] = [], errors: [String] = [], time: Duration = .zero, loopError: ChartLoopError? = nil
    ) {
        self.event = event
        self.exited = exited
        self.entered = entered
        self.configuration = configuration
        self.logs = logs
        self.errors = errors
        self.time = time
        self.loopError = loopError
    }
}
