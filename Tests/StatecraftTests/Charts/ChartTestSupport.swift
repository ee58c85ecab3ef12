import Statecraft

/// States used across the chart tests; each test picks the ones it needs.
enum S: String, Hashable, Sendable, CustomStringConvertible {
    case a, a1, a2, b, b1, b11, b2, c, c1, c2, d, p, r1, r1a, r1b, r1f, r2, r2a, r2b, r2f, x, y, out
    case on, off, stopped, playing, normal, fast, hist, deepHist, done, fail, idle, busy
    var description: String { rawValue }
}

/// Events used across the chart tests.
enum E: Hashable, Sendable {
    case go, next, back, leave, e, f, g, h, x, y, foo, bar, ext, timeout, tick, power, play, ff
    case volume(Int)
}

/// A context that records what actions did, so a test can check their order.
struct Log: Sendable, Equatable {
    var entries: [String] = []
    var count = 0
}

/// The chart type most tests use.
typealias TestChart = Statechart<S, E, Log>

/// An entry action appending `"enter <id>"` to the log.
func logEntry(_ id: S) -> OnEntry<S, E, Log> {
    OnEntry { log, _ in log.entries.append("enter \(id)") }
}

/// An exit action appending `"exit <id>"` to the log.
func logExit(_ id: S) -> OnExit<S, E, Log> {
    OnExit { log, _ in log.entries.append("exit \(id)") }
}

/// A transition action appending `text` to the log.
func say(_ text: String) -> ChartAction<S, E, Log> {
    { log, _ in log.entries.append(text) }
}

struct ChartTestFailure: Error {}

extension Statechart {
    /// Steps the chart, failing the test (by returning the unchanged snapshot is not enough) when the
    /// event was ignored.
    func run(_ snapshot: ChartSnapshot<StateID, Event, Context>, _ events: Event...) throws
        -> ChartSnapshot<StateID, Event, Context>
    {
        var current = snapshot
        for event in events {
            guard let next = step(current, on: event) else { throw ChartTestFailure() }
            current = next
        }
        return current
    }
}

/// SCXML's `*` event descriptor: matches every signal.
let anyEvent = ChartTrigger<S, E>(label: "*") { _ in true }
