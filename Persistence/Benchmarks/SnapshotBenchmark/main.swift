import Foundation
import Statecraft

// `swift run -c release --package-path Persistence snapshot-benchmark`: the size of a 100-state chart's
// snapshot as JSON, and the time to take, encode, decode and restore it (the mean of many rounds after a
// warm-up). A simple timing run, not a statistical benchmark: read the figures as orders of magnitude.

/// 100 states: a parallel state of 9 compound regions, each with a deep history state and 9 atomic children
/// (1 + 9 × 11 = 100); every child has a transition and a 30 s timer.
func makeChart() throws -> Statechart<String, String, [String: Int]> {
    var regions: [ChartElement<String, String, [String: Int]>] = []
    for region in 0..<9 {
        var children: [ChartElement<String, String, [String: Int]>] = [
            .history("r\(region).h", depth: .deep),
        ]
        for child in 0..<9 {
            let id = "r\(region).s\(child)"
            children.append(.state(id, children: [
                .transition(on: .event("next"), targets: ["r\(region).s\((child + 1) % 9)"], action: { counts, _ in
                    counts[id, default: 0] += 1
                }),
                AfterDelay<String, String, [String: Int]>(.seconds(30), send: "timeout", target: "r\(region).s0").element,
            ]))
        }
        regions.append(.state("r\(region)", initial: ["r\(region).s0"], children: children))
    }
    return try Statechart(initial: ["all"], context: [:], elements: [.parallel("all", children: regions)])
}

func measure(_ rounds: Int, _ body: () throws -> Void) rethrows -> Duration {
    for _ in 0..<max(rounds / 10, 1) { try body() }
    let start = ContinuousClock.now
    for _ in 0..<rounds { try body() }
    return (ContinuousClock.now - start) / rounds
}

let chart = try makeChart()
let machine = StateMachine(chart: chart)
for _ in 0..<37 { machine.send("next") }
let saved = try machine.snapshot()
let encoder = JSONEncoder()
let data = try encoder.encode(saved)
let rounds = 2_000
let take = try measure(rounds) { _ = try machine.snapshot() }
let encode = try measure(rounds) { _ = try encoder.encode(saved) }
let decode = try measure(rounds) {
    _ = try JSONDecoder().decode(StatechartSnapshot<String, String, [String: Int]>.self, from: data)
}
let restore = try measure(rounds) { _ = try StateMachine(chart: chart, restoring: saved) }
print("states=\(chart.states.count) active=\(saved.configuration.count) timers=\(saved.delayedEvents.count)")
print("json bytes=\(data.count) fingerprint bytes=\(try encoder.encode(saved.fingerprint).count)")
print("snapshot()=\(take) encode=\(encode) decode=\(decode) restore=\(restore)")
