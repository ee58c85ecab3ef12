/// The queue of events waiting for a machine to finish its current event.
///
/// It keeps its buffer's capacity once emptied, so a machine that keeps sending itself events
/// (a chain of follow-up events) reuses the same storage and never grows the stack.
@usableFromInline
typealias EventQueue<Event> = FIFOQueue<Event>
