/// How a visualizer page that follows a running program reads its transitions
/// (``VisualizerPage/html(drawing:liveFeedPath:liveFeedTransport:)``).
public enum VisualizerLiveFeedTransport: String, Sendable, Hashable, CaseIterable {
    /// A WebSocket whose text messages are the live inspector's transitions, one JSON object each
    /// (`{sequence, event, exited, entered, configuration, time, dropped}`).
    case webSocket = "websocket"
    /// Server-Sent Events as `statecraft serve` streams a machine (`GET /machines/{id}/stream`): first
    /// `event: state` with the machine's `configuration`, then one `event: transition` per committed
    /// macrostep, its `version` and its `macrostep` (`event`, `exited`, `entered`, `configuration`).
    case serverSentEvents = "sse"
}
