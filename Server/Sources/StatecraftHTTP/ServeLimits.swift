/// The bounds the server holds every request to, so that no client can make it read, store or compute
/// without end. A request beyond one is refused with a 4xx JSON error naming the limit.
public struct ServeLimits: Sendable, Equatable {
    /// The largest request body read, in bytes (413 `body_too_large` beyond it).
    public var maximumBodyBytes: Int
    /// The largest event data, in bytes of its JSON (413 `event_data_too_large` beyond it).
    public var maximumEventDataBytes: Int
    /// The longest event name, machine identifier or idempotency key, in characters.
    public var maximumNameLength: Int
    /// How many events one posted event may make the chart process — itself and the events the chart
    /// sends itself meanwhile — before it is refused (422 `did_not_settle`) and nothing is stored.
    public var maximumEventsPerRequest: Int
    /// How many transitions may wait for one stream reader before the oldest is dropped.
    public var streamBuffer: Int

    /// The defaults: 64 KiB bodies, 16 KiB event data, names of 200 characters, 1,000 events per request,
    /// 256 transitions waiting per stream.
    public init(
        maximumBodyBytes: Int = 65_536, maximumEventDataBytes: Int = 16_384, maximumNameLength: Int = 200,
        maximumEventsPerRequest: Int = 1_000, streamBuffer: Int = 256
    ) {
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumEventDataBytes = maximumEventDataBytes
        self.maximumNameLength = maximumNameLength
        self.maximumEventsPerRequest = maximumEventsPerRequest
        self.streamBuffer = streamBuffer
    }
}
