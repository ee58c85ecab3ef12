import Foundation
import Statecraft
import StatecraftTesting
import Testing

/// The property behind snapshots: for random charts, random inputs and a random cut point, running to the
/// cut, saving, encoding to JSON, decoding, restoring into a new machine on a new clock and carrying on
/// produces exactly the transitions of one uninterrupted run — delayed events included. Every machine runs
/// its delayed events on the run loop's clock, a `ManualClock`, whose advance delivers the events due by
/// its end, in time order, before it returns, so nothing depends on scheduling.
@MainActor
@Suite("Snapshot round trip", .timeLimit(.minutes(5)))
struct SnapshotRoundTripTests {
    typealias Chart = RandomChart.Chart
    typealias Machine = StateMachine<Chart>

    enum Step: CustomStringConvertible {
        case send(Int)
        case wait(Duration)
        var description: String {
            switch self {
            case .send(let event): "send \(event)"
            case .wait(let duration): "wait \(duration)"
            }
        }
    }

    /// A machine running on its own manual clock, and the transitions it took.
    @MainActor final class Run {
        let machine: Machine
        let clock = ManualClock()
        var trace: [String] = []
        var loop: Task<Void, Never>?

        init(_ machine: Machine) {
            self.machine = machine
            machine.addObserver { [unowned self] _, event, new in
                trace.append("\(event) -> \(new.configuration) \(new.context) finished=\(new.isFinished)")
            }
            loop = Task { await machine.run(clock: clock) }
        }

        /// Moves the clock by `duration`; the delayed events due meanwhile have been handled, in time
        /// order, when it returns.
        func wait(_ duration: Duration) async throws {
            try await settle()
            await clock.advance(by: duration)
        }

        /// Waits until the run loop runs, so that no advance can pass it by.
        func settle() async throws {
            await clock.waitForRunLoops()
        }

        func perform(_ step: Step) async throws {
            switch step {
            case .send(let event): machine.send(event)
            case .wait(let duration): try await wait(duration)
            }
        }

        func stop() async throws {
            try await settle()
            loop?.cancel()
            await loop?.value
        }
    }

    static func steps(_ random: inout SplitMix64) -> [Step] {
        (0..<Int.random(in: 4...24, using: &random)).map { _ in
            random.chance(0.6)
                ? .send((RandomChart.inputEvents + RandomChart.timerEvents).randomElement(using: &random) ?? 0)
                : .wait(.milliseconds(500 * Int.random(in: 1...6, using: &random)))
        }
    }

    @Test(arguments: 0..<8)
    func snapshotJSONRestoreContinueEqualsTheUninterruptedRun(batch: Int) async throws {
        var checked = 0
        var withDelays = 0
        for seed in UInt64(batch * 25)..<UInt64(batch * 25 + 25) {
            var random = SplitMix64(state: seed)
            var generator = RandomChart(random: random)
            guard let chart = generator.make() else { continue }
            random = generator.random
            let steps = Self.steps(&random)
            let cut = Int.random(in: 0...steps.count, using: &random)

            let whole = Run(Machine(chart: chart))
            for step in steps { try await whole.perform(step) }
            try await whole.stop()

            let first = Run(Machine(chart: chart))
            for step in steps[..<cut] { try await first.perform(step) }
            try await first.settle()
            let saved = try first.machine.snapshot()
            try await first.stop()
            if !saved.delayedEvents.isEmpty { withDelays += 1 }
            let json = try JSONEncoder().encode(saved)
            let decoded = try JSONDecoder().decode(StatechartSnapshot<Int, Int, [Int]>.self, from: json)
            let second = Run(try Machine(chart: chart, restoring: decoded))
            #expect(second.machine.state.configuration == first.machine.state.configuration)
            for step in steps[cut...] { try await second.perform(step) }
            try await second.stop()

            let split = first.trace + second.trace
            let differsAt =
                zip(split, whole.trace).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(split.count, whole.trace.count)
            #expect(
                split == whole.trace,
                "seed \(seed), cut after \(cut) of \(steps): transition \(differsAt) differs, \(split.dropFirst(differsAt).first ?? "none") instead of \(whole.trace.dropFirst(differsAt).first ?? "none")"
            )
            checked += 1
        }
        // Most draws make a valid chart, and many cuts fall while delayed events wait.
        #expect(checked >= 15)
        #expect(withDelays >= 3)
    }
}
