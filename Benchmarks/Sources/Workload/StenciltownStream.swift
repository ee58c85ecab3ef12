import StenciltownKit

/// The pre-generated input of the Stenciltown benchmarks: realistic sessions of the Stenciltown screen,
/// about 4 % of the events ignored by the state they arrive in and 6 % changing the state (the rest are
/// progress updates in place).
///
/// A session fetches the metadata with a few progress reports, downloads with many, and ends with a
/// reset; some downloads fail and are retried, some are reset half-way, and the user presses Download
/// when it does nothing or a late progress report arrives after its work ended. The generator knows the
/// state each event leads to by construction (it never calls the machine's definition), so
/// ``expectedChecksum`` checks the machine independently. The stream ends with `reset`, in
/// ``StenciltownState/initial`` where a machine starts, so a machine can run it again and again.
public struct StenciltownStream: Sendable {
    /// The events.
    public let events: [StenciltownEvent]
    /// The wrapping sum of ``digest(of:)`` of the state after each event: what a correct machine computes.
    public let expectedChecksum: UInt64
    /// How many events the current state ignores.
    public let invalidCount: Int
    /// How many events change the state (not counting progress updates in place).
    public let changeCount: Int

    /// The number of events in the stream.
    public var count: Int { events.count }

    /// The standard stream of 1,000,000 events, generated once.
    public static let standard = StenciltownStream()

    /// Generates `count` events from `seed`.
    ///
    /// - Complexity: O(`count`).
    public init(count: Int = 1_000_000, seed: UInt64 = 0x57E7_C11_7019) {
        precondition(count >= 1, "Internal inconsistency: a Stenciltown stream needs at least one event")
        var generator = SessionGenerator(seed: seed)
        while generator.steps.count < count - 1 {
            generator.session()
        }
        var steps = generator.steps.prefix(count - 1)
        steps.append(Step(event: .reset, state: .initial, kind: .change))
        events = steps.map(\.event)
        expectedChecksum = steps.reduce(0) { $0 &+ Self.digest(of: $1.state) }
        invalidCount = steps.count { $0.kind == .ignored }
        changeCount = steps.count { $0.kind == .change }
    }

    /// A number summarising `state`: its case, and its progress in 1/1024ths (truncated, which is cheap
    /// and exact enough: the generator and the machine hold bit-identical fractions).
    @inline(__always)
    public static func digest(of state: StenciltownState) -> UInt64 {
        switch state {
        case .initial: 1
        case .fetching(let progress): 2 &+ 8 &* UInt64(progress * 1024)
        case .fetched: 3
        case .downloading(let progress): 4 &+ 8 &* UInt64(progress * 1024)
        case .downloaded: 5
        case .failed: 6
        }
    }
}

/// One generated event and the state it must lead to.
private struct Step {
    enum Kind { case change, update, ignored }
    let event: StenciltownEvent
    let state: StenciltownState
    let kind: Kind
}

/// Writes sessions of the Stenciltown screen, tracking the state by construction.
private struct SessionGenerator {
    var steps: [Step] = []
    private var random: SplitMix64
    private var state = StenciltownState.initial

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    private mutating func chance(_ probability: Double) -> Bool { random.nextUnit() < probability }

    private mutating func number(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.next() % UInt64(range.count))
    }

    private mutating func change(_ event: StenciltownEvent, to next: StenciltownState) {
        state = next
        steps.append(Step(event: event, state: next, kind: .change))
    }

    private mutating func update(_ event: StenciltownEvent, to next: StenciltownState) {
        state = next
        steps.append(Step(event: event, state: next, kind: .update))
    }

    private mutating func ignored(_ event: StenciltownEvent) {
        steps.append(Step(event: event, state: state, kind: .ignored))
    }

    /// One session, from `initial` back to `initial`.
    mutating func session() {
        if chance(0.1) { ignored(.download) } // Download is disabled before the metadata arrives
        change(.beginFetch, to: .fetching(progress: 0))
        let fetchSteps = number(in: 4...20)
        for step in 1...fetchSteps {
            let fraction = Double(step) / Double(fetchSteps)
            update(.fetchProgress(fraction), to: .fetching(progress: fraction))
            if chance(0.05) { ignored(.downloadProgress(fraction)) }
        }
        let description = "It’s a bunny"
        change(.fetchCompleted(description: description), to: .fetched(description: description))
        if chance(0.1) { ignored(.fetchProgress(1)) } // a late report from the finished fetch
        while download() {}
        if state == .downloaded {
            if chance(0.2) { ignored(.download) } // Download is disabled once downloaded
            if chance(0.1) { ignored(.downloadProgress(1)) } // a late report from the finished download
        }
        change(.reset, to: .initial)
    }

    /// One download attempt from `fetched` or `failed`, ending `downloaded`, `failed`, or still
    /// `downloading` when the user resets half-way; returns whether the user retries after a failure.
    private mutating func download() -> Bool {
        change(.download, to: .downloading(progress: 0))
        let downloadSteps = number(in: 20...100)
        for step in 1...downloadSteps {
            let fraction = Double(step) / Double(downloadSteps)
            update(.downloadProgress(fraction), to: .downloading(progress: fraction))
            if chance(0.04) { ignored(.download) } // pressed again while downloading
            if chance(0.002) { return false } // reset half-way
        }
        if chance(0.85) {
            change(.downloadCompleted, to: .downloaded)
            return false
        }
        let message = "timed out"
        change(.downloadFailed(message: message), to: .failed(message: message))
        return chance(0.7)
    }
}
