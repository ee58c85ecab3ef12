import Statecraft

/// Random charts for the snapshot property test: a tree of compound, parallel, atomic and final states
/// with history states, event transitions with actions that send delayed events (with and without
/// identifiers) and cancel them, and ``AfterDelay`` timers. The context logs every entry, exit and
/// transition, so that two runs that differ in any step differ in their traces.
struct RandomChart {
    typealias Chart = Statechart<Int, Int, [Int]>
    typealias Element = ChartElement<Int, Int, [Int]>

    /// Ordinary events sent by the test, and timer events only delayed sends produce.
    static let inputEvents = [0, 1, 2, 3]
    static let timerEvents = [10, 11, 12]

    var random: SplitMix64

    /// Makes a chart, or `nil` when the drawn structure happens to be one the chart builder refuses.
    mutating func make() -> Chart? {
        let count = Int.random(in: 3...9, using: &random)
        // parent[i] for states 1...count; 0 is the root. A state may only hang below an earlier one.
        var parent = [0]
        for index in 1...count {
            parent.append(index == 1 || random.chance(0.35) ? 0 : Int.random(in: 1..<index, using: &random))
        }
        var children: [[Int]] = Array(repeating: [], count: count + 1)
        for index in 1...count { children[parent[index]].append(index) }
        var parallel = Set<Int>()
        var final = Set<Int>()
        for index in 1...count {
            if !children[index].isEmpty {
                if random.chance(0.25) { parallel.insert(index) }
            } else if random.chance(0.1) {
                final.insert(index)
            }
        }
        let histories = (1...count).filter { !children[$0].isEmpty && random.chance(0.4) }
        let targets = Array(1...count) + histories.map { $0 + 100 }

        func transitions(of state: Int) -> [Element] {
            var elements: [Element] = []
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let event = (Self.inputEvents + Self.timerEvents).randomElement(using: &random) ?? 0
                let target = random.chance(0.2) ? [] : [targets.randomElement(using: &random) ?? 1]
                let delayed =
                    random.chance(0.35)
                    ? (
                        Self.timerEvents.randomElement(using: &random) ?? 10,
                        Duration.seconds(Int.random(in: 1...3, using: &random)),
                        ["a", "b", nil].randomElement(using: &random) ?? nil
                    )
                    : nil
                let cancels = random.chance(0.15)
                elements.append(
                    .transition(
                        on: .event(event), targets: target,
                        action: { log, scope in
                            log.append(state * 100 + event)
                            if let (sent, delay, id) = delayed { scope.send(sent, after: delay, id: id) }
                            if cancels { scope.cancel(id: "a") }
                        }))
            }
            if random.chance(0.3) {
                elements.append(
                    AfterDelay<Int, Int, [Int]>(
                        .seconds(Int.random(in: 1...3, using: &random)), send: 20 + state,
                        target: targets.randomElement(using: &random)
                    ).element)
            }
            return elements
        }

        func element(_ state: Int) -> Element {
            let logEntry: Element = .entry { log, _ in log.append(10_000 + state) }
            let logExit: Element = .exit { log, _ in log.append(20_000 + state) }
            if final.contains(state) { return .final(state, children: [logEntry, logExit]) }
            var content = [logEntry, logExit] + transitions(of: state)
            if histories.contains(state) {
                content.append(.history(state + 100, depth: random.chance(0.5) ? .deep : .shallow))
            }
            content += children[state].map(element)
            if children[state].isEmpty { return .state(state, children: content) }
            if parallel.contains(state) { return .parallel(state, children: content) }
            return .state(state, initial: [children[state][0]], children: content)
        }

        return try? Chart(initial: [children[0][0]], context: [], elements: children[0].map(element))
    }
}

/// A small, fast, seedable generator (SplitMix64), so that every failing case can be replayed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }
}
