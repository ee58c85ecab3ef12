// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Statecraft
import StatecraftTesting
import Testing

/// The samples of *Invoking child machines*, as written there (DocSnippetTextTests checks it).
@MainActor
@Suite("Invoking child machines article samples", .timeLimit(.minutes(1)))
struct InvokeSnippets {
    enum Screen: Hashable, Sendable, Codable { case idle, loading, shown, failed, checkout, paid }
    enum Action: Hashable, Sendable, Codable { case open, loaded(String), failed, pay, paid(Int), cancel }
    enum PaymentStep: Hashable, Sendable { case entering, confirming, done }
    enum PaymentInput: Hashable, Sendable { case confirm, approved }

    static func fetchProfile() async throws -> String { "Ada" }

    static func screenChart() throws -> Statechart<Screen, Action, String> {
        let payment = try Statechart<PaymentStep, PaymentInput, Int>(initial: .entering, context: 0) {
            ChartState(.entering) { OnEvent(.confirm, target: .confirming) }
            ChartState(.confirming) {
                OnEntry { amount, _ in amount = 42 }
                AfterDelay(.seconds(2), send: .approved, target: .done)
            }
            FinalState(.done)
        }
        return try Statechart<Screen, Action, String>(initial: .idle, context: "") {
            ChartState(.idle) { OnEvent(.open, target: .loading) }
            ChartState(.loading) {
                Invoke("profile", operation: { try await fetchProfile() },
                       onDone: { .loaded($0) }, onError: { _ in .failed })
                ChartElement.transition(
                    on: .matching(label: "loaded") { if case .loaded = $0 { true } else { false } },
                    targets: [.shown],
                    action: { name, scope in if case .loaded(let loaded) = scope.event { name = loaded } })
                OnEvent(.failed, target: .failed)
            }
            ChartState(.shown) { OnEvent(.pay, target: .checkout) }
            ChartState(.failed)
            ChartState(.checkout) {
                Invoke("payment", chart: payment,
                       toChild: { $0 == .pay ? .confirm : nil },
                       onDone: { amount in .paid(amount) })
                OnEvent(.pay, action: { _, scope in scope.send(.pay, toInvocation: "payment") })
                OnEvent(.cancel, target: .shown)
                ChartElement.transition(
                    on: .matching(label: "paid") { if case .paid = $0 { true } else { false } },
                    targets: [.paid])
            }
            ChartState(.paid)
        }
    }

    @Test func theScreenLoadsThenPays() async throws {
        let machine = StateMachine(chart: try Self.screenChart())
        var transitions = machine.transitions.makeAsyncIterator()
        let clock = ManualClock()
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }
        machine.send(.open)
        _ = await transitions.next()
        #expect(await transitions.next()?.event == .loaded("Ada"))
        #expect(machine.state.context == "Ada")
        machine.send(.pay)
        machine.send(.pay)
        _ = await transitions.next()
        _ = await transitions.next()
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(2))
        #expect(await transitions.next()?.event == .paid(42))
        #expect(machine.state.isActive(.paid))
    }

    @Test func aSnapshotWaitsForTheInvocationsToEnd() throws {
        let machine = StateMachine(chart: try Self.screenChart())
        machine.send(.open)
        do throws(SnapshotError) {
            _ = try machine.snapshot()
        } catch .invocationsRunning(let ids) {
            print("still running: \(ids)")   // still running: ["profile"]
        }
        #expect(throws: SnapshotError.invocationsRunning(["profile"])) { try machine.snapshot() }
    }
}
