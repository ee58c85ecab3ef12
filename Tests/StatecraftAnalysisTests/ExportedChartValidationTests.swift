import Statecraft
import StatecraftAnalysis
import StatecraftSCXML
import Testing

/// A chart exported as SCXML keeps its meaning for validation: a Swift guard is an opaque condition that
/// may be true or false, and a delayed transition's event is sent by its state (issue 36, point 3).
@Suite("Validation of exported charts")
struct ExportedChartValidationTests {
    enum Shop: String, Hashable, Sendable, CustomStringConvertible {
        case cart, paying, empty, paid, review, gift
        var description: String { rawValue }
    }

    enum Order: String, Hashable, Sendable, CustomStringConvertible {
        case checkout, pay, paymentTimeout, reviewed, wrap
        var description: String { rawValue }
    }

    struct Basket: Sendable { var items = 0 }

    /// Guarded transitions (named, unnamed, eventless) with unguarded alternatives, and a delayed one.
    static func shop() throws -> Statechart<Shop, Order, Basket> {
        try Statechart(initial: .cart, context: Basket()) {
            ChartState(.cart) {
                OnEvent(.checkout, target: .paying, when: .named("hasItems") { basket, _ in basket.items > 0 })
                OnEvent(.checkout, target: .empty)
            }
            ChartState(.paying) {
                OnEvent(.pay, target: .paid, when: { basket, _ in basket.items < 100 })
                AfterDelay(.seconds(30), send: .paymentTimeout, target: .cart)
            }
            ChartState(.empty) { Always(target: .cart, when: .named("isEmpty") { basket, _ in basket.items == 0 }) }
            ChartState(.paid) {
                OnEvent(.wrap, target: .gift, when: .named("isGift") { _, _ in false })
                OnEvent(.reviewed, target: .review)
            }
            ChartState(.gift) { OnEvent(.reviewed, target: .review) }
            FinalState(.review)
        }
    }

    static func findings() throws -> [ValidationFinding] {
        let document = try SCXMLDocument(describing: try Self.shop().machineDescription(name: "Shop"))
        let model = try SCXMLExplorationModel(document: document)
        return MachineValidator().validate(model.validationSubject(of: StateSpaceExplorer(model).explore()))
    }

    @Test func theExportNamesItsGuardsAndSendsItsTimer() throws {
        let text = SCXMLExporter().export(try SCXMLDocument(describing: try Self.shop().machineDescription()))
        #expect(text.contains(#"cond="statecraft.guard('hasItems')""#), "\(text)")
        #expect(text.contains(#"cond="statecraft.guard('guard1')""#), "\(text)")
        #expect(
            text.contains(#"<send event="paymentTimeout" delay="30s" id="statecraft.after.paying.paymentTimeout"/>"#),
            "\(text)")
        #expect(text.contains(#"<cancel sendid="statecraft.after.paying.paymentTimeout"/>"#), "\(text)")
        #expect(!text.contains("guarded"), "\(text)")
    }

    @Test func validatingTheExportFindsNoFalseUnreachableStateOrUnhandledEvent() throws {
        let found = try Self.findings()
        let falseFindings = found.filter { $0.rule == "unreachable-state" || $0.rule == "unhandled-event" }
        #expect(falseFindings.isEmpty, "\(falseFindings.map(\.message))")
    }

    @Test func anOpaqueGuardIsExploredBothWays() throws {
        let document = try SCXMLDocument(describing: try Self.shop().machineDescription(name: "Shop"))
        let space = StateSpaceExplorer(try SCXMLExplorationModel(document: document)).explore()
        let checkouts = space.edges.filter { $0.event == "checkout" && $0.source == 0 }
        let reached = Set(checkouts.map { space.configurations[$0.target].states })
        // `hasItems` true: paying; false: empty, and `isEmpty` may then hold (back to cart) or not.
        #expect(reached.contains(["paying"]))
        #expect(reached.contains(["empty"]))
        #expect(reached.contains(["cart"]))
        // The guard variables are no part of a configuration's data.
        #expect(space.configurations.allSatisfy { !($0.data ?? "").contains("_statecraft_guard") })
    }

    @Test func withoutBranchingAnOpaqueGuardIsFalseAsInAnInterpreter() throws {
        let document = try SCXMLDocument(describing: try Self.shop().machineDescription(name: "Shop"))
        let model = try SCXMLExplorationModel(document: document, exploringOpaqueGuardsBothWays: false)
        let space = StateSpaceExplorer(model).explore()
        let checkouts = space.edges.filter { $0.event == "checkout" && $0.source == 0 }
        #expect(checkouts.map { space.configurations[$0.target].states } == [["empty"]])
    }

    @Test func aDescriptionReadBackFromTheExportKeepsGuardNamesAndDelays() throws {
        let description = try Self.shop().machineDescription()
        let readBack = try SCXMLDocument(describing: description).machineDescription()
        let guarded = readBack.transitions.filter { $0.condition != nil }
        #expect(guarded.map(\.condition) == ["hasItems", "guard1", "isEmpty", "isGift"])
        #expect(guarded.allSatisfy { $0.isConditionOpaque })
        let timeout = try #require(readBack.transitions.first { $0.event == "paymentTimeout" })
        #expect(timeout.delay == .seconds(30))
        #expect(timeout.delayID == "statecraft.after.paying.paymentTimeout")
    }
}
