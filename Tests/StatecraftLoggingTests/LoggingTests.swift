// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Logging
import Statecraft
import StatecraftLogging
import StatecraftTesting
import Testing

/// `machine.log(to:)` writes transitions, ignored events and effect errors through swift-log.
@MainActor
@Suite("Logging")
struct LoggingTests {
    /// Keeps every line a logger writes.
    final class RecordingHandler: LogHandler, @unchecked Sendable {
        struct Line: Equatable { let level: Logger.Level; let message: String; let metadata: [String: String] }
        // Written and read on the main actor only (the machine's isolation in these tests).
        var lines: [Line] = []
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            lines.append(Line(level: event.level, message: "\(event.message)",
                              metadata: (event.metadata ?? [:]).mapValues { "\($0)" }))
        }
    }

    enum Door: Equatable, Sendable { case closed, open }
    enum Push: Equatable, Sendable { case open, close }
    struct Jammed: Error {}

    @Test func transitionsIgnoredEventsAndEffectErrorsAreLogged() async {
        let handler = RecordingHandler()
        let logger = Logger(label: "test") { _ in handler }
        let door = StateMachine(initialState: Door.closed) { (door: Door, push: Push) in
            switch (door, push) {
            case (.closed, .open): .open
            case (.open, .close): .closed
            default: nil
            }
        }
        door.log(to: logger, name: "door")
        door.handle(.open)
        door.handle(.open)
        #expect(handler.lines == [
            .init(level: .debug, message: "transition",
                  metadata: ["machine": "door", "from": "closed", "event": "open", "to": "open"]),
            .init(level: .debug, message: "ignored event", metadata: ["machine": "door", "event": "open", "state": "open"]),
        ])

        let runLoop = Task { await door.run(clock: ManualClock()) }
        defer { runLoop.cancel() }
        door.startEffect(StateEffect { _ in throw Jammed() })
        var yields = 0
        while handler.lines.count < 3, yields < 10_000 {
            await Task.yield()
            yields += 1
        }
        #expect(handler.lines.last == .init(level: .error, message: "effect error",
                                            metadata: ["machine": "door", "error": "Jammed()", "state": "open"]))
    }
}
