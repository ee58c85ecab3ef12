import Statecraft

/// One crossing machine shared by several tasks through a ``MachineActor``.
public enum SharedCrossing {
    /// The actor's type: it owns a schema machine (``CrossingSchema``).
    public typealias Actor = MachineActor<StateMachineSchema<Crossing, CrossingEvent, Void>>

    /// A new actor owning a new schema machine.
    public static func makeActor() -> Actor {
        MachineActor(CrossingSchema.makeMachine())
    }

    /// Splits `events` into `parts` contiguous slices of equal length (the last takes the remainder).
    ///
    /// - Complexity: O(*n*) in the number of events.
    public static func split(_ events: [CrossingEvent], into parts: Int) -> [[CrossingEvent]] {
        precondition(parts > 0, "Internal inconsistency: splitting into \(parts) parts")
        let length = events.count / parts
        return (0..<parts).map { part in
            let end = part == parts - 1 ? events.count : (part + 1) * length
            return Array(events[part * length..<end])
        }
    }

    /// Sends each slice to `actor` from a task of its own, all tasks at once, one `await send(_:)` per
    /// event, and returns how many events the machine handled (transitioned or ignored), summed over the
    /// tasks.
    ///
    /// - Complexity: O(*n*) in the number of events.
    @inline(never)
    public static func send(_ slices: [[CrossingEvent]], to actor: Actor) async -> UInt64 {
        await withTaskGroup(of: UInt64.self) { group in
            for slice in slices {
                group.addTask {
                    var handled: UInt64 = 0
                    for event in slice {
                        switch await actor.send(event) {
                        case .transitioned, .ignored, .unsettled: handled &+= 1
                        case .queued: break
                        }
                    }
                    return handled
                }
            }
            var total: UInt64 = 0
            for await handled in group { total &+= handled }
            return total
        }
    }
}
