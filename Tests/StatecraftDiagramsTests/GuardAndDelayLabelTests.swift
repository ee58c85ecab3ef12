import Foundation
import Statecraft
import StatecraftDiagrams
import Testing

/// Named guards and delays keep their meaning in every diagram: `checkout [hasItems]`,
/// `paymentTimeout after 30 s`.
@Suite("Guard names and delays in diagrams")
struct GuardAndDelayLabelTests {
    enum Shop: String, Hashable, Sendable, CustomStringConvertible {
        case cart, paying, empty, paid, review
        var description: String { rawValue }
    }

    enum Order: String, Hashable, Sendable, CustomStringConvertible {
        case checkout, pay, paymentTimeout, reviewed, remind
        var description: String { rawValue }
    }

    struct Basket: Sendable { var items: [String] = [] }

    /// The issue's shop: a named guard, an unnamed one, and a delayed transition.
    static func shop() throws -> Statechart<Shop, Order, Basket> {
        try Statechart(initial: .cart, context: Basket()) {
            ChartState(.cart) {
                OnEvent(.checkout, target: .paying, when: .named("hasItems") { basket, _ in !basket.items.isEmpty })
                OnEvent(.checkout, target: .empty)
            }
            ChartState(.paying) {
                OnEvent(.pay, target: .paid)
                AfterDelay(.seconds(30), send: .paymentTimeout, target: .cart)
            }
            ChartState(.empty) { Always(target: .cart, when: { basket, _ in basket.items.isEmpty }) }
            ChartState(.paid) { OnEvent(.reviewed, target: .review, when: { _, _ in true }) }
            FinalState(.review)
        }
    }

    @Test func aNamedGuardAndADelayAppearInEveryFormat() throws {
        let description = try Self.shop().machineDescription(name: "Shop")
        // PlantUML writes brackets as `<U+005B>` `<U+005D>`.
        let exports = [
            DOTExporter().export(description), MermaidExporter().export(description),
            PlantUMLExporter().export(description).replacing("<U+005B>", with: "[").replacing("<U+005D>", with: "]"),
        ]
        for text in exports {
            #expect(text.contains("checkout [hasItems]"), "\(text)")
            #expect(text.contains("paymentTimeout after 30 s"), "\(text)")
            #expect(!text.contains("guarded"), "\(text)")
        }
        let json = JSONMachineFormat.encode(description)
        #expect(json.contains(#""condition" : "hasItems""#))
        #expect(json.contains(#""delay" : 30"#))
        #expect(json.contains(#""delayID" : "statecraft.after.paying.paymentTimeout""#))
        #expect(try JSONMachineFormat.decode(Data(json.utf8), file: "shop.json") == description)
    }

    @Test func unnamedGuardsAreNumberedInDocumentOrderAndMarkedOpaque() throws {
        let transitions = try Self.shop().machineDescription().transitions.filter { $0.condition != nil }
        #expect(transitions.map(\.condition) == ["hasItems", "guard1", "guard2"])
        #expect(transitions.allSatisfy { $0.isConditionOpaque })
    }

    @Test func generatedGuardNamesSkipNamesInUse() throws {
        let chart = try Statechart<Shop, Order, Basket>(initial: .cart, context: Basket()) {
            ChartState(.cart) {
                OnEvent(.checkout, target: .paying, when: { _, _ in true })
                OnEvent(.pay, target: .paid, when: .named("guard1") { _, _ in true })
            }
            ChartState(.paying)
            ChartState(.paid)
        }
        #expect(chart.machineDescription().transitions.map(\.condition) == ["guard2", "guard1"])
    }

    @Test func everyTransitionFormTakesANamedGuard() throws {
        let chart = try Statechart<Shop, Order, Basket>(initial: .cart, context: Basket()) {
            ChartState(.cart, initial: .paying) {
                OnEvent(.checkout, target: .empty, when: .named("byEvent") { _, _ in false })
                OnEvent(
                    matching: { $0 == .pay }, label: "pay", target: .empty,
                    when: .named("byPredicate") { _, _ in false })
                OnEvent(.event(.remind), targets: [.empty], when: .named("byTrigger") { _, _ in false })
                OnDone(.cart, target: .empty, when: .named("whenDone") { _, _ in false })
                OnError(target: .empty, when: .named("onError") { _, _ in false })
                Always(target: .empty, when: .named("eventless") { _, _ in false })
                AfterDelay(
                    .seconds(1), send: .paymentTimeout, target: .empty, when: .named("delayed") { _, _ in false })
                ChartElement<Shop, Order, Basket>.transition(
                    on: .event(.reviewed), targets: [.empty], when: .named("element") { _, _ in false })
                ChartState(.paying)
            }
            ChartState(.empty)
        }
        #expect(
            chart.machineDescription().transitions.map(\.condition) == [
                "byEvent", "byPredicate", "byTrigger", "whenDone", "onError", "eventless", "delayed", "element",
            ])
        // The closure form still works alongside, and the guard still decides.
        let started = chart.start()
        #expect(started.configuration == [.cart, .paying])
    }

    @Test(arguments: [#""delay" : -1"#, #""delay" : "30s""#, #""isConditionOpaque" : "yes""#])
    func aMistypedDelayOrOpacityIsAnErrorNamingItsLine(field: String) {
        let json = """
            {
              "format" : "statecraft-machine", "version" : 1, "initialState" : "a",
              "states" : [ { "id" : "a" } ], "events" : [ { "id" : "t" } ],
              "transitions" : [
                { "source" : "a", "event" : "t", "targets" : [ "a" ], \(field) }
              ]
            }
            """
        let error = #expect(throws: JSONMachineFormatError.self) {
            try JSONMachineFormat.decode(Data(json.utf8), file: "m.json")
        }
        #expect(error?.description.hasPrefix("m.json:5:") == true, "\(String(describing: error))")
    }

    @Test(arguments: [
        (Duration.seconds(30), "30 s"), (.seconds(300), "5 min"), (.seconds(7200), "2 h"), (.seconds(90), "90 s"),
        (.milliseconds(250), "250 ms"), (.milliseconds(1500), "1.5 s"), (.zero, "0 s"),
        (.microseconds(2_000_500), "2.001 s"),
    ])
    func delaysPrintInTheirLargestWholeUnit(delay: Duration, text: String) {
        let description = TransitionDescription(source: "a", event: "t", targets: ["a"], delay: delay)
        let machine = try? MachineDescription(
            states: [StateDescription(id: "a")], initialState: "a", events: [EventDescription(id: "t")],
            transitions: [description])
        #expect(machine.map { DOTExporter().export($0) }?.contains("t after \(text)") == true)
    }
}
