/// The transitions of ``Loadable`` content, as a machine definition (see ``LoadableEvent`` for the table).
public struct LoadableDefinition<Value>: MachineDefinition {
    /// The state a machine starts in; ``Loadable/loading`` by default.
    public let initialState: Loadable<Value>

    /// Creates the definition.
    @inlinable public init(initialState: Loadable<Value> = .loading) {
        self.initialState = initialState
    }

    /// Not API: `true`, the transitions are a fixed table.
    @inlinable
    public static var _decidesPurely: Bool { true }

    /// The usual loadable transitions.
    @inlinable
    public func decide(state: Loadable<Value>, event: LoadableEvent<Value>)
        -> TransitionDecision<Loadable<Value>, Void>?
    {
        Self.next(from: state, on: event).map { TransitionDecision(target: $0) }
    }

    /// The state after `event` in `state`, or `nil` when the event is ignored.
    @inlinable
    public static func next(from state: Loadable<Value>, on event: LoadableEvent<Value>) -> Loadable<Value>? {
        switch (state, event) {
        case (.loading, .succeed(let value)): .data(value)
        case (.loading, .fail(let error)): .failure(error)
        case (.loading, .empty): .empty
        case (.failure, .load), (.empty, .load): .loading
        case (.data, .reload), (.failure, .reload), (.empty, .reload): .loading
        case (.loading, .load), (.loading, .reload), (.data, .load): nil
        case (_, .succeed), (_, .fail), (_, .empty): nil
        }
    }
}

extension LoadableDefinition: Sendable where Value: Sendable {}

/// A ready-made machine for loadable content.
///
/// ```swift
/// let songs = LoadableMachine<[Song]>()        // .loading
/// songs.handle(.result(fetchedSongs))           // .data(…) or .empty
/// songs.handle(.reload)                         // .loading
/// ```
public typealias LoadableMachine<Value> = StateMachine<LoadableDefinition<Value>>

extension StateMachine {
    /// Creates a loadable-content machine, starting in `initialState` (``Loadable/loading`` by default).
    public convenience init<Value>(loadable initialState: Loadable<Value> = .loading)
    where Definition == LoadableDefinition<Value> {
        self.init(definition: LoadableDefinition(initialState: initialState), subject: ())
    }

    /// Creates a loadable-content machine starting in ``Loadable/loading``.
    public convenience init<Value>() where Definition == LoadableDefinition<Value> {
        self.init(loadable: .loading)
    }
}
