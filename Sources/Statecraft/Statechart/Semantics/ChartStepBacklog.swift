/// What a macrostep keeps beyond its microsteps, made only when it needs it: the internal queue (SCXML 1.0
/// §D.2 `internalQueue`: raised events, generated `done` and `error` signals) and, once the macrostep comes
/// near ``ChartSnapshot/macrostepBound``, descriptions of its last steps, to name its loop.
///
/// A class held unmanaged by ``ChartInterpreter`` (``ChartInterpreter/backlog``) and released where the
/// interpreter's step ends (``ChartInterpreter/withInterpreter(stepping:signal:tracing:bound:_:)``,
/// ``ChartInterpreter/handleExternal(stepping:event:planIndex:scopeBox:tracing:bound:)``): a step
/// that raises nothing tests one word instead of releasing two empty fields (two runtime calls per event).
@usableFromInline
final class ChartStepBacklog<StateID, Event> {
    /// The internal events waiting, first one first.
    @usableFromInline var internalQueue = FIFOQueue<ChartSignal<StateID, Event>>()
    /// Descriptions of the last steps before the bound (``ChartInterpreter/loopWindow``).
    @usableFromInline var recentSteps: [String] = []

    @usableFromInline init() {}
}
