import Foundation
import Statecraft
import StatecraftPersistence

/// A chart with a durable effect, for the effect tests: a placed order captures its payment (the effect
/// `capture` of state `capturing`), is paid when the capture completes, declined when it fails, and
/// cancelled or expired (after 30 s) when it leaves `capturing` first.
enum CaptureChart {
    enum State: String, Codable, Hashable, Sendable { case open, capturing, paid, declined, cancelled, expired }
    enum Event: String, Codable, Hashable, Sendable { case place, captured, declined, cancel, expire }
    typealias Machine = DurableMachine<State, Event, Int>
    typealias Effect = DurableEffect<State, Event>

    static let timeout = Duration.seconds(30)

    /// The chart; its context counts the captures applied.
    static func make() -> Statechart<State, Event, Int> {
        do {
            return try Statechart(initial: .open, context: 0) {
                ChartState(.open) { OnEvent(.place, target: .capturing) }
                ChartState(.capturing) {
                    OnEvent(.captured, target: .paid, action: { captures, _ in captures += 1 })
                    OnEvent(.declined, target: .declined)
                    OnEvent(.cancel, target: .cancelled)
                    AfterDelay(timeout, send: .expire, target: .expired)
                }
                ChartState(.paid)
                ChartState(.declined)
                ChartState(.cancelled)
                ChartState(.expired)
            }
        } catch {
            preconditionFailure("The capture chart is invalid: \(error)")
        }
    }

    /// An event's JSON, as a client hands it to an inbox.
    static func json(_ event: Event) -> Data { Data("\"\(event.rawValue)\"".utf8) }
}

/// What the `capture` effects of a test did: the runs started, those that saw their task cancelled — and a
/// gate holding every run until ``release()``, so that a test can act while they run.
actor EffectProbe {
    /// The runs started, in order.
    private(set) var runs: [DurableEffectRun] = []
    /// The keys of the runs that found their task cancelled once released.
    private(set) var cancelled: [String] = []
    /// What a test noted, in order.
    private(set) var notes: [String] = []
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// The `capture` effect: records its run, waits for the gate, records a cancellation, and completes with
    /// `.captured` — even when cancelled (a late completion) — or throws `failure`, which `failureEvent`
    /// (when given) maps to an event.
    nonisolated func capture(failure: (any Error & Sendable)? = nil, failureEvent: CaptureChart.Event? = nil)
        -> CaptureChart.Effect
    {
        let operation: @Sendable (DurableEffectRun) async throws -> CaptureChart.Event = { run in
            await self.started(run)
            await self.pass()
            if Task.isCancelled { await self.sawCancellation(run.key) }
            if let failure { throw failure }
            return .captured
        }
        guard let failureEvent else { return CaptureChart.Effect("capture", in: .capturing, operation: operation) }
        return CaptureChart.Effect("capture", in: .capturing, operation: operation, failure: { _ in failureEvent })
    }

    /// Lets every run held, and every later one, go on.
    func release() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }

    /// Waits, a millisecond at a time for at most 10 s, until `count` runs have started.
    ///
    /// - Returns: Whether they have.
    func waitForRuns(_ count: Int) async throws -> Bool {
        for _ in 0..<10_000 where runs.count < count { try await Task.sleep(for: .milliseconds(1)) }
        return runs.count >= count
    }

    /// Notes that something happened.
    func note(_ note: String) { notes.append(note) }

    private func started(_ run: DurableEffectRun) { runs.append(run) }
    private func sawCancellation(_ key: String) { cancelled.append(key) }
    private func pass() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }
}
