// The names the statechart DSL had before 0.3. They collided with what apps import: Swift Charts'
// `Chart` (ambiguous in any SwiftUI file that imports both modules) and common app type names
// (`History`, `Final`, `On`, `After`, `Parallel`).
//
// `Chart` is unavailable rather than deprecated: a deprecated alias would still take part in name lookup
// and keep `Chart { … }` ambiguous next to `import Charts`; an unavailable one does not, and the compiler
// still offers the rename. The others are deprecated for one release and then removed.

/// Renamed ``Statechart``; unavailable so that it never collides with Swift Charts' `Chart`.
@available(*, unavailable, renamed: "Statechart")
public typealias Chart<StateID: Hashable & Sendable, Event, Context> = Statechart<StateID, Event, Context>

/// Renamed ``OnEvent``.
@available(*, deprecated, renamed: "OnEvent")
public typealias On<StateID: Hashable & Sendable, Event, Context> = OnEvent<StateID, Event, Context>

/// Renamed ``AfterDelay``.
@available(*, deprecated, renamed: "AfterDelay")
public typealias After<StateID: Hashable & Sendable, Event, Context> = AfterDelay<StateID, Event, Context>

/// Renamed ``FinalState``.
@available(*, deprecated, renamed: "FinalState")
public typealias Final<StateID: Hashable & Sendable, Event, Context> = FinalState<StateID, Event, Context>

/// Renamed ``HistoryState``.
@available(*, deprecated, renamed: "HistoryState")
public typealias History<StateID: Hashable & Sendable, Event, Context> = HistoryState<StateID, Event, Context>

/// Renamed ``ParallelState``.
@available(*, deprecated, renamed: "ParallelState")
public typealias Parallel<StateID: Hashable & Sendable, Event, Context> = ParallelState<StateID, Event, Context>
