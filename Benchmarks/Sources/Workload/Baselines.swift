/// Hand-written baselines: what the pedestrian crossing costs without any library.
public enum Baselines {
    /// Runs the stream through a hand-written `switch (state, event)` kept in a local variable.
    ///
    /// - Returns: The checksum of the states after each event.
    @inline(never)
    public static func runSwitch(_ events: [CrossingEvent]) -> UInt64 {
        var state = Crossing.carsGreen
        var checksum: UInt64 = 0
        for event in events {
            if let next = CrossingRules.next(from: state, on: event) { state = next }
            checksum &+= UInt64(state.rawValue)
        }
        return checksum
    }

    /// The lookup table: 8 states × 6 events, `ignored` where the state ignores the event.
    static let table: [UInt8] = Crossing.allCases.flatMap { state in
        CrossingEvent.allCases.map { event in CrossingRules.next(from: state, on: event)?.rawValue ?? ignored }
    }
    static let ignored: UInt8 = 0xFF

    /// Runs the stream through a precomputed lookup table indexed by `state × 6 + event`.
    ///
    /// - Returns: The checksum of the states after each event.
    @inline(never)
    public static func runTable(_ events: [CrossingEvent]) -> UInt64 {
        table.withUnsafeBufferPointer { table in
            var state: UInt8 = Crossing.carsGreen.rawValue
            var checksum: UInt64 = 0
            let width = UInt8(CrossingEvent.allCases.count)
            for event in events {
                let next = table[Int(state &* width &+ event.rawValue)]
                if next != ignored { state = next }
                checksum &+= UInt64(state)
            }
            return checksum
        }
    }
}
