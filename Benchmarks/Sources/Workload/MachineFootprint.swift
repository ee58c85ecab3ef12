import Statecraft

/// What one machine costs in memory when many machines share one schema.
public enum MachineFootprint {
    /// Creates `count` schema machines sharing ``CrossingSchema/schema`` into `machines` (whose capacity
    /// should already be reserved so that only the machines themselves are allocated).
    ///
    /// - Complexity: O(`count`).
    @inline(never)
    public static func makeMachines(
        _ count: Int, into machines: inout [StateMachine<StateMachineSchema<Crossing, CrossingEvent, Void>>]
    ) {
        let schema = CrossingSchema.schema
        for _ in 0..<count {
            machines.append(StateMachine(schema: schema))
        }
    }
}
