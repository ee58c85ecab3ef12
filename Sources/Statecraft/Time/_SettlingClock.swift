/// Not API: a clock whose time moves only when a test says so, and that waits, each time it moves, for the
/// machines running on it to deliver their delayed events that fell due.
///
/// `StatecraftTesting`'s `ManualClock` adopts it. ``StateMachine/run(clock:isolation:)`` registers with
/// such a clock while it runs, so that `await clock.advance(by:)` returns only once the machine has
/// handled every delayed event due by then (``StateMachine/send(_:after:id:)``, ``AfterDelay``,
/// ``ChartScope/send(_:after:id:)``).
public protocol _SettlingClock: AnyObject, Sendable {
    /// Registers a run loop.
    ///
    /// - Parameter settle: Delivers every delayed event of the run loop's machine due at the clock's
    ///   current time, then returns the time from now until the machine's next delayed event falls due
    ///   (`nil` when none waits, or when the run loop has stopped).
    /// - Returns: An identifier for ``_removeRunLoop(_:)``.
    func _addRunLoop(_ settle: @escaping @Sendable () async -> Duration?) -> Int

    /// Unregisters a run loop.
    ///
    /// - Parameter id: The identifier ``_addRunLoop(_:)`` returned.
    func _removeRunLoop(_ id: Int)
}
