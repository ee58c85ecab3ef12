/// The pre-generated input of every benchmark: pseudo-random events for the pedestrian crossing, about
/// 30 % of them invalid in the state the machine is in when it receives them.
///
/// The stream is generated once from a fixed seed by simulating ``CrossingRules``, so every style sees
/// exactly the same events and must end with the same ``expectedChecksum``. Its last few events lead the
/// crossing back to ``Crossing/carsGreen``, where it starts: a machine can run the stream again and again
/// and the share of invalid events stays the same.
public struct EventStream: Sendable {
    /// The events, for the styles driven by events.
    public let events: [CrossingEvent]
    /// The same input for the guarded-assignment style: each valid event becomes a request for the
    /// state it leads to, each invalid one a request for a state the current one may not change to.
    public let requests: [Crossing]
    /// The wrapping sum of the state's raw value after each event: what a correct machine computes.
    public let expectedChecksum: UInt64
    /// How many events the current state ignores.
    public let invalidCount: Int

    /// The number of events in the stream.
    public var count: Int { events.count }

    /// The share of events that the current state ignores (about 0.3).
    public var invalidShare: Double { Double(invalidCount) / Double(max(count, 1)) }

    /// Generates `count` events from `seed`.
    ///
    /// - Complexity: O(`count`).
    public init(count: Int = 1_000_000, invalidShare: Double = 0.3, seed: UInt64 = 0x5EED_C0FF_EE15_600D) {
        var random = SplitMix64(seed: seed)
        var events: [CrossingEvent] = []
        var requests: [Crossing] = []
        events.reserveCapacity(count)
        requests.reserveCapacity(count)
        var state = Crossing.carsGreen
        var checksum: UInt64 = 0
        var invalidCount = 0
        let homeward = 8 // enough to reach carsGreen from any state
        let validEvents = Crossing.allCases.map { state in
            CrossingEvent.allCases.filter { CrossingRules.next(from: state, on: $0) != nil }
        }
        let invalidEvents = Crossing.allCases.map { state in
            CrossingEvent.allCases.filter { CrossingRules.next(from: state, on: $0) == nil }
        }
        let forbiddenTargets = Crossing.allCases.map { state in
            Crossing.allCases.filter { !CrossingRules.allows(from: state, to: $0) }
        }
        for index in 0..<count {
            let valid = validEvents[Int(state.rawValue)]
            let invalid = invalidEvents[Int(state.rawValue)]
            let forbidden = forbiddenTargets[Int(state.rawValue)]
            let wantsInvalid = random.nextUnit() < invalidShare
            let pick = random.next()
            let event: CrossingEvent
            let request: Crossing
            if index >= count - homeward {
                event = state == .flashingYellow ? .repair : .timer
                request = CrossingRules.next(from: state, on: event) ?? state
            } else if wantsInvalid {
                event = invalid[Int(pick % UInt64(invalid.count))]
                request = forbidden[Int(pick % UInt64(forbidden.count))]
            } else {
                event = valid[Int(pick % UInt64(valid.count))]
                request = CrossingRules.next(from: state, on: event) ?? state
            }
            if let next = CrossingRules.next(from: state, on: event) {
                state = next
            } else {
                invalidCount += 1
            }
            checksum &+= UInt64(state.rawValue)
            events.append(event)
            requests.append(request)
        }
        precondition(
            state == .carsGreen || count < homeward, "Internal inconsistency: the stream must end in carsGreen")
        self.events = events
        self.requests = requests
        self.expectedChecksum = checksum
        self.invalidCount = invalidCount
    }
}

/// A small, fast, seedable pseudo-random generator (SplitMix64), so the stream is the same on every
/// machine and toolchain.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1).
    mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}
