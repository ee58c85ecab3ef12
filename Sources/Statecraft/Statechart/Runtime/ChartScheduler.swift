/// Delivers a chart machine's delayed events: the clock behind `<send delay>` and ``AfterDelay``.
///
/// The protocol is deliberately small so that any clock fits: ``ManualScheduler`` runs delayed events
/// synchronously during its `advance(by:)`, for tests and simulations that need no run loop. A machine
/// created without a scheduler needs none of this: its delayed events run on the clock given to
/// ``StateMachine/run(clock:isolation:)`` (`ContinuousClock` in apps, a manual clock in tests). A
/// scheduler must call each action at most once, in the isolation domain of the machine, and never from
/// inside ``schedule(after:_:)``.
public protocol ChartScheduler: AnyObject {
    /// Arranges for `action` to run once `delay` has elapsed.
    ///
    /// - Parameters:
    ///   - delay: How long to wait.
    ///   - action: What to run; it delivers the event to the machine.
    /// - Returns: A token that ``cancel(_:)`` accepts.
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> ScheduledActionToken

    /// Prevents a scheduled action from running. Cancelling one that already ran does nothing.
    ///
    /// - Parameter token: The token ``schedule(after:_:)`` returned.
    func cancel(_ token: ScheduledActionToken)

    /// The time left before a scheduled action runs, or `nil` when the token is not waiting or the
    /// scheduler cannot tell. Snapshots of chart machines read it to save their delayed events.
    ///
    /// - Parameter token: The token ``schedule(after:_:)`` returned.
    /// - Returns: The remaining delay, never negative.
    func remainingDelay(of token: ScheduledActionToken) -> Duration?
}

extension ChartScheduler {
    /// `nil`: a scheduler that does not implement it cannot have its machines' delayed events saved.
    ///
    /// - Parameter token: The token ``schedule(after:_:)`` returned.
    /// - Returns: `nil`.
    public func remainingDelay(of token: ScheduledActionToken) -> Duration? { nil }
}

/// Identifies an action scheduled on a ``ChartScheduler``.
public struct ScheduledActionToken: Hashable, Sendable {
    /// The scheduler's number for the action.
    public let rawValue: UInt64

    /// Creates a token.
    ///
    /// - Parameter rawValue: A number unique among the scheduler's actions.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}
