// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Foundation
import Statecraft
import StatecraftSCXML
import Testing

/// The samples of *Guarded assignment* (an approver held `unowned`) and *Malformed and hostile input*
/// (raising the SCXML limits), as written there (DocSnippetTextTests checks it).
@Suite("Approver and limits article samples")
struct ApproverAndLimitsSnippets {
    final class Checkout: TransitionApprover {
        enum State { case ready, paying, paid }

        lazy var machine = GuardedStateMachine(initialState: State.ready, approver: self, reference: .unowned)

        func shouldTransition(from: State, to: State) -> Bool {
            switch (from, to) {
            case (.ready, .paying), (.paying, .paid): true
            default: false
            }
        }
    }

    @Test func anUnownedApproverDecidesAndIsFreedWithItsMachine() {
        weak var weakCheckout: Checkout?
        do {
            let checkout = Checkout()
            checkout.machine.state = .paid        // refused: not from .ready
            #expect(checkout.machine.state == .ready)
            checkout.machine.state = .paying
            #expect(checkout.machine.state == .paying)
            weakCheckout = checkout
        }
        #expect(weakCheckout == nil)
    }

    @Test func raisedLimitsAcceptADocumentTheDefaultsRefuse() throws {
        let depth = 300
        let text = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\">"
            + (0..<depth).map { "<state id=\"s\($0)\">" }.joined()
            + String(repeating: "</state>", count: depth) + "</scxml>"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("deep-\(UUID()).scxml")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: SCXMLError.self) { try SCXMLParser.parse(contentsOf: url) }

        var limits = SCXMLLimits.default
        limits.maximumNestingDepth = 1_000
        limits.maximumValueSize = 16 << 20
        let document = try SCXMLParser.parse(contentsOf: url, limits: limits)
        let chart = try SCXMLChartBuilder(limits: limits).build(document)
        #expect(StateMachine(chart: chart).state.configuration.count == depth)
    }
}
