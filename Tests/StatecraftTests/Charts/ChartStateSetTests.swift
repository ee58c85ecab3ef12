import Testing

@testable import Statecraft

/// `ChartStateSet`'s intersection with a range of indices, which a step uses to find the exit set of a
/// transition (the active states among its domain's descendants).
@Suite("Chart state sets")
struct ChartStateSetTests {
    /// Sets spread over several words and ranges of every shape give what filtering the indices gives.
    @Test func intersectionWithARangeKeepsExactlyTheIndicesInIt() {
        var generator = DifferentialStepTests.SplitMix64(state: 0x5eed)
        for _ in 0..<300 {
            let size = Int(generator.next() % 300) + 1
            var set = ChartStateSet()
            var members: [Int] = []
            for index in 0..<size where generator.next() % 3 == 0 {
                set.insert(index)
                members.append(index)
            }
            let lower = Int(generator.next() % UInt64(size + 1))
            let upper = lower + Int(generator.next() % UInt64(size + 2 - lower))
            let range = lower..<upper
            let intersection = set.intersection(range)
            #expect(intersection.indices() == members.filter(range.contains), "range \(range)")
            #expect(intersection == ChartStateSet(members.filter(range.contains)), "range \(range)")
        }
    }

    @Test func theEdgesOfWordsAreKeptOrDropped() {
        let set = ChartStateSet([0, 63, 64, 127, 128, 191, 192])
        #expect(set.intersection(63..<65).indices() == [63, 64])
        #expect(set.intersection(64..<128).indices() == [64, 127])
        #expect(set.intersection(128..<192).indices() == [128, 191])
        #expect(set.intersection(0..<1000).indices() == [0, 63, 64, 127, 128, 191, 192])
        #expect(set.intersection(1..<63).isEmpty)
        #expect(set.intersection(193..<400).isEmpty)
        #expect(set.intersection(5..<5).isEmpty)
    }
}

extension ChartStateSet {
    /// A set of `indices`.
    init(_ indices: [Int]) {
        self.init()
        for index in indices { insert(index) }
    }
}
