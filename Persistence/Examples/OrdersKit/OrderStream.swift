/// The deterministic stream of events the `orders` driver applies: event `i` goes to one machine, has
/// the identifier `e<i>`, and depends only on the seed — so a rerun regenerates exactly the same stream.
public struct OrderStream: Sequence, Sendable {
    /// One event of the stream.
    public struct Item: Sendable, Equatable {
        /// The event's position in the stream.
        public var index: Int
        /// The machine it goes to, in `0..<machines`.
        public var machine: Int
        /// The event.
        public var event: OrderEvent
        /// Its identifier, unique in the stream.
        public var id: String { "e\(index)" }
    }

    /// The seed.
    public let seed: UInt64
    /// The number of machines.
    public let machines: Int
    /// The number of events.
    public let events: Int

    /// Creates a stream.
    ///
    /// - Parameters:
    ///   - seed: The seed.
    ///   - machines: The number of machines; at least 1.
    ///   - events: The number of events.
    public init(seed: UInt64, machines: Int, events: Int) {
        self.seed = seed
        self.machines = Swift.max(machines, 1)
        self.events = Swift.max(events, 0)
    }

    /// The identifier of machine `index` in the store: `order-00042`.
    ///
    /// - Parameter index: The machine's index.
    /// - Returns: The identifier.
    public static func machineID(_ index: Int) -> String {
        let digits = String(index)
        return "order-" + String(repeating: "0", count: Swift.max(0, 5 - digits.count)) + digits
    }

    /// Iterates the stream.
    public struct Iterator: IteratorProtocol {
        var state: UInt64
        var index = 0
        let stream: OrderStream

        /// The next event, or `nil` after the last.
        public mutating func next() -> Item? {
            guard index < stream.events else { return nil }
            defer { index += 1 }
            let machine = Int(nextRandom() % UInt64(stream.machines))
            // Items are added more often than anything else happens, so that orders get somewhere.
            let roll = Int(nextRandom() % 12)
            // 0…3 add an item; 4…11 are the eight other events.
            let event = roll < 4 ? OrderEvent.addItem : OrderEvent.allCases[roll - 3]
            return Item(index: index, machine: machine, event: event)
        }

        /// SplitMix64.
        mutating func nextRandom() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// An iterator from the first event.
    public func makeIterator() -> Iterator { Iterator(state: seed, stream: self) }
}
