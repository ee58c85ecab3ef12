import Foundation
import Statecraft
import StatecraftInspector
import StatecraftVisualizer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Inspector server")
struct InspectorServerTests {
    enum Light: String, Hashable, Sendable, CustomStringConvertible {
        case red, green
        var description: String { rawValue }
    }
    enum Signal: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case next
        var description: String { rawValue }
    }

    static func chart() throws -> Statechart<Light, Signal, Void> {
        try Statechart(initial: .red, context: ()) {
            ChartState(.red) { OnEvent(.next, target: .green) }
            ChartState(.green) { OnEvent(.next, target: .red) }
        }
    }

    static func status(of url: String) async throws -> (Int, String) {
        let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test("The page is served on loopback only with the session's token, and follows the feed")
    func tokenAndPage() async throws {
        let inspector = try await Inspector.start(model: .explore(try Self.chart()))
        defer { inspector.stop() }
        #expect(inspector.host == "127.0.0.1")
        #expect(inspector.token.count == 32)
        #expect(inspector.url == "http://127.0.0.1:\(inspector.port)/?token=\(inspector.token)")
        let (status, html) = try await Self.status(of: inspector.url)
        #expect(status == 200)
        #expect(html.contains(#"<body data-live-feed="/stream">"#))
        #expect(html.contains("connect-src 'self'"))
        let (forbidden, _) = try await Self.status(of: "http://127.0.0.1:\(inspector.port)/?token=wrong")
        #expect(forbidden == 403)
        let (missing, _) = try await Self.status(of: "http://127.0.0.1:\(inspector.port)/")
        #expect(missing == 403)
    }

    @Test("Attaching publishes the start and every transition of the machine")
    func attach() async throws {
        let inspector = try await Inspector.start(model: .explore(try Self.chart()))
        defer { inspector.stop() }
        let machine = StateMachine(chart: try Self.chart().tracing(true))
        let subscription = inspector.feed.subscribe()
        inspector.attach(to: machine)
        machine.handle(.next)
        machine.handle(.next)
        inspector.feed.unsubscribe(subscription.id)
        var received: [InspectorTransition] = []
        for await transition in subscription.transitions { received.append(transition) }
        #expect(received.map(\.event) == ["", "next", "next"])
        #expect(received.map(\.configuration) == [["red"], ["green"], ["red"]])
        #expect(received[1].exited == ["red"] && received[1].entered == ["green"])
        #expect(inspector.droppedCount == 0)
    }

    @Test("One line starts an inspector for a machine and attaches it")
    func attachInOneLine() async throws {
        let machine = StateMachine(chart: try Self.chart().tracing(true))
        let inspector = try await Inspector.attach(to: machine, title: "Light", announce: false)
        defer { inspector.stop() }
        let (status, html) = try await Self.status(of: inspector.url)
        #expect(status == 200)
        #expect(html.contains("<title>Light</title>"))
        let subscription = inspector.feed.subscribe()
        #expect(subscription.latest?.configuration == ["red"]) // the start, published by attach
        machine.handle(.next)
        inspector.feed.unsubscribe(subscription.id)
        var received: [InspectorTransition] = []
        for await transition in subscription.transitions { received.append(transition) }
        #expect(received.map(\.configuration) == [["green"]])
    }

    @Test("A machine of any definition is attached in one line, named by its labels")
    func attachADefinition() async throws {
        enum Lamp: String, Hashable, Sendable, CaseIterable { case off, on }
        let machine = StateMachine<TransitionFunction<Lamp, Signal>>(initialState: .off) { state, _ in
            state == .off ? .on : .off
        }
        let inspector = try await Inspector.attach(
            to: machine, states: Lamp.allCases, events: Signal.allCases, announce: false)
        defer { inspector.stop() }
        #expect(inspector.feed.subscribe().latest?.configuration == ["off"])
        let subscription = inspector.feed.subscribe()
        machine.handle(.next)
        inspector.feed.unsubscribe(subscription.id)
        var received: [InspectorTransition] = []
        for await transition in subscription.transitions { received.append(transition) }
        #expect(received.map(\.event) == ["next"])
        #expect(received.map(\.exited) == [["off"]] && received.map(\.entered) == [["on"]])
        #expect(received.map(\.configuration) == [["on"]])
        let (status, html) = try await Self.status(of: inspector.url)
        #expect(status == 200 && html.contains("data-state=\"on\""))
    }
}
