import Statecraft
import Testing

@testable import StatecraftSCXML

/// The child chart an `<invoke>` remembers: entering the invoking state again with the same child document
/// and parameters does not build the chart again.
@Suite("Invoke: the child chart cache")
struct ChildChartCacheTests {
    private func chart(_ body: String) throws -> SCXMLChart {
        try SCXMLChartBuilder().build(SCXMLParser.parse(string: TestSupport.document(body)))
    }

    @Test func theSameDocumentAndParametersAreBuiltOnce() throws {
        let cache = SCXMLChildChartCache()
        var built = 0
        let make = {
            built += 1
            return try chart("<final id=\"done\"/>")
        }
        let first = try cache.chart(for: .inline, parameters: ["x": .number(1)], build: make)
        let second = try cache.chart(for: .inline, parameters: ["x": .number(1)], build: make)
        #expect(built == 1)
        #expect(cache.builds == 1)
        #expect(first.start().configuration == second.start().configuration)
    }

    @Test func otherParametersOrAnotherDocumentBuildAgain() throws {
        let cache = SCXMLChildChartCache()
        let make = { try chart("<final id=\"done\"/>") }
        _ = try cache.chart(for: .inline, parameters: ["x": .number(1)], build: make)
        _ = try cache.chart(for: .inline, parameters: ["x": .number(2)], build: make)
        #expect(cache.builds == 2)
        _ = try cache.chart(for: .markup("<scxml/>"), parameters: ["x": .number(2)], build: make)
        #expect(cache.builds == 3)
        _ = try cache.chart(for: .markup("<scxml/>"), parameters: ["x": .number(2)], build: make)
        #expect(cache.builds == 3)
    }

    @Test func aFailedBuildIsNotRemembered() throws {
        struct Failure: Error {}
        let cache = SCXMLChildChartCache()
        #expect(throws: Failure.self) {
            _ = try cache.chart(for: .inline, parameters: [:]) { throw Failure() }
        }
        _ = try cache.chart(for: .inline, parameters: [:]) { try chart("<final id=\"done\"/>") }
        #expect(cache.builds == 1)
    }
}
