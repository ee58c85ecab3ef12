/// Async work that belongs to the state a machine is in: started while the machine is in that state,
/// cancelled when it leaves it.
///
/// An effect is an `async` operation given an ``EffectContext``, through which it sends events back to the
/// machine — progress, a completion, a failure. Start one from a hook with
/// ``StateMachine/startEffect(_:)``, or declare effects per state in a schema with
/// ``StateMachineSchema/init(initialState:evaluation:transitionLogic:effects:)``:
///
/// ```swift
/// let download = StateEffect<DownloadEvent>(catch: { .failed("\($0)") }) { context in
///     for step in 1...10 {
///         try await context.sleep(for: .milliseconds(100))
///         await context.send(.progress(Double(step) / 10))
///     }
///     await context.send(.finished)
/// }
/// ```
///
/// Effects run while ``StateMachine/run(clock:isolation:)`` runs, on the global concurrent executor, never
/// on the machine's actor: they cannot touch the machine, only send it events. Leaving the state cancels
/// the effect's task, and every event it sends afterwards is dropped, never applied.
///
/// If the operation throws, `catch` turns the error into an event for the machine; when it returns `nil`
/// or there is no `catch`, the error is reported to the machine's effect-error observers (see
/// ``StateMachine/addEffectErrorObserver(_:)``). `CancellationError` is not reported: it is how a
/// cancelled effect ends.
public struct StateEffect<Event: Sendable>: Sendable {
    /// The work: sends events through the context, may sleep on the context's clock, may throw.
    public typealias Operation = @Sendable (EffectContext<Event>) async throws -> Void
    /// Turns an error thrown by the operation into an event, or `nil` to report it to observers instead.
    public typealias ErrorMapping = @Sendable (any Error) -> Event?

    /// The work this effect performs.
    public let operation: Operation
    /// How errors thrown by ``operation`` become events, if they do.
    public let errorMapping: ErrorMapping?
    /// The name given, if any.
    private let givenName: String?
    /// Where an unnamed effect was created.
    private let fileID: StaticString
    private let line: UInt

    /// The effect's name, as effect observers (``StateMachine/addEffectObserver(_:)``) and test stores
    /// see it: the name it was created with, or `effect at FILE:LINE` for an unnamed one.
    public var name: String { givenName ?? "effect at \(fileID):\(line)" }

    /// Creates an unnamed effect, named by where it is created (see ``name``).
    ///
    /// - Parameters:
    ///   - errorMapping: Turns an error thrown by `operation` into an event for the machine; `nil` (the
    ///     default) reports every error to the machine's effect-error observers.
    ///   - fileID: Where the effect is created; leave the default.
    ///   - line: The line where the effect is created; leave the default.
    ///   - operation: The work.
    public init(
        catch errorMapping: ErrorMapping? = nil, fileID: StaticString = #fileID, line: UInt = #line,
        _ operation: @escaping Operation
    ) {
        self.operation = operation
        self.errorMapping = errorMapping
        self.givenName = nil
        self.fileID = fileID
        self.line = line
    }

    /// Creates a named effect: observers and test stores see it as `name`.
    ///
    /// ```swift
    /// StateEffect("fetch") { context in await context.send(.fetched(try await api.fetch())) }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The effect's name, say what it does (`"fetch"`, `"download"`).
    ///   - errorMapping: Turns an error thrown by `operation` into an event for the machine; `nil` (the
    ///     default) reports every error to the machine's effect-error observers.
    ///   - operation: The work.
    public init(_ name: String, catch errorMapping: ErrorMapping? = nil, _ operation: @escaping Operation) {
        self.operation = operation
        self.errorMapping = errorMapping
        self.givenName = name
        self.fileID = #fileID
        self.line = #line
    }

    /// An effect named `send EVENT after DURATION` that sends `event` once `duration` has passed on the
    /// machine's clock — a delayed event, cancelled with the state that scheduled it. (``StateMachine/send(_:after:id:)`` survives leaving
    /// the state instead.)
    ///
    /// - Parameters:
    ///   - event: The event to send.
    ///   - duration: How long to wait first, measured by the clock given to ``StateMachine/run(clock:isolation:)``.
    /// - Returns: The effect.
    public static func send(_ event: Event, after duration: Duration) -> StateEffect {
        StateEffect("send \(event) after \(duration)") { context in
            try await context.sleep(for: duration)
            await context.send(event)
        }
    }
}
