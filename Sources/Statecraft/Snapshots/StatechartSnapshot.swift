/// The saved form of a running chart machine: what
/// ``StateMachine/snapshot()->StatechartSnapshot<StateID,E,Context>`` returns for a chart, and what
/// ``StateMachine/init(chart:restoring:)`` brings back.
///
/// Not to be confused with ``ChartSnapshot``, the live state a chart machine steps: this one is a plain
/// `Codable` value with no reference to the chart, meant to be written to a file or a database.
///
/// ```swift
/// let data = try JSONEncoder().encode(try machine.snapshot())
/// // … the process ends; later, maybe in another process:
/// let saved = try JSONDecoder().decode(StatechartSnapshot<Player, Input, Int>.self, from: data)
/// let machine = try StateMachine(chart: chart, restoring: saved)
/// ```
///
/// It holds the active configuration, the recorded history, the context and the delayed events still
/// waiting, each with its send identifier and the time it still had to wait. It does not hold closures
/// (actions, guards), nor the macrostep that produced the state.
///
/// ## Format
/// ``formatVersion`` is the version of this layout, ``currentFormatVersion`` for snapshots written by
/// this Statecraft; a snapshot of a newer version is refused with ``SnapshotError/newerFormat(found:supported:)``.
/// ``fingerprint`` identifies the chart's structure; a snapshot of another chart is refused with
/// ``SnapshotError/differentChart(_:)`` unless a ``SnapshotMigration`` rewrites it.
public struct StatechartSnapshot<
    StateID: Hashable & Sendable & Codable, Event: Codable & Sendable, Context: Codable & Sendable
>:
    Codable, Sendable
{
    /// The version of the snapshot layout Statecraft writes: 1.
    public static var currentFormatVersion: Int { 1 }

    /// A history state's recorded value.
    public struct RecordedHistory: Codable, Sendable {
        /// The history state.
        public var history: StateID
        /// The states it recorded, in document order.
        public var states: [StateID]

        /// Creates a recorded history value.
        ///
        /// - Parameters:
        ///   - history: The history state.
        ///   - states: The states it recorded.
        public init(history: StateID, states: [StateID]) {
            self.history = history
            self.states = states
        }
    }

    /// A delayed event that had not been delivered when the snapshot was taken.
    public struct DelayedEvent: Codable, Sendable {
        /// The event.
        public var event: Event
        /// Its send identifier (``ChartScope/send(_:after:id:)``, or the generated one of an ``AfterDelay``).
        public var id: String?
        /// The time it still had to wait, in nanoseconds.
        public var remainingNanoseconds: Int64

        /// The time it still had to wait.
        public var remaining: Duration { .nanoseconds(remainingNanoseconds) }

        /// Creates a delayed event.
        ///
        /// - Parameters:
        ///   - event: The event.
        ///   - id: Its send identifier.
        ///   - remaining: The time it still waits; rounded to nanoseconds, and held at the largest (or
        ///     smallest) `Int64` of nanoseconds when it is longer than about 292 years.
        ///     ``StateMachine/snapshot()->StatechartSnapshot<StateID,E,Context>`` refuses such a time instead
        ///     (``SnapshotError/timeOutOfRange(_:)``).
        public init(event: Event, id: String?, remaining: Duration) {
            self.event = event
            self.id = id
            remainingNanoseconds = remaining.saturatingSnapshotNanoseconds
        }
    }

    /// The version of the layout this snapshot was written in.
    public var formatVersion: Int
    /// The structure of the chart it was taken from.
    public var fingerprint: ChartFingerprint
    /// The active states, in document order.
    public var configuration: [StateID]
    /// The history values recorded so far.
    public var histories: [RecordedHistory]
    /// The chart's context.
    public var context: Context
    /// The top-level final state reached, once the chart has finished.
    public var finalState: StateID?
    /// The delayed events still waiting, in the order they fall due (ties in the order they were sent).
    public var delayedEvents: [DelayedEvent]

    /// Creates a snapshot from its parts;
    /// ``StateMachine/snapshot()->StatechartSnapshot<StateID,E,Context>`` is the usual way.
    ///
    /// - Parameters:
    ///   - fingerprint: The structure of the chart.
    ///   - configuration: The active states.
    ///   - histories: The recorded history values.
    ///   - context: The context.
    ///   - finalState: The top-level final state reached, if any.
    ///   - delayedEvents: The waiting delayed events, earliest first.
    public init(
        fingerprint: ChartFingerprint, configuration: [StateID], histories: [RecordedHistory], context: Context,
        finalState: StateID?, delayedEvents: [DelayedEvent]
    ) {
        formatVersion = Self.currentFormatVersion
        self.fingerprint = fingerprint
        self.configuration = configuration
        self.histories = histories
        self.context = context
        self.finalState = finalState
        self.delayedEvents = delayedEvents
    }
}

extension StatechartSnapshot.RecordedHistory: Equatable {}
extension StatechartSnapshot.DelayedEvent: Equatable where Event: Equatable {}
extension StatechartSnapshot: Equatable where Event: Equatable, Context: Equatable {}
