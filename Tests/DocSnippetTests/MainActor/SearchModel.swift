// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Observation
import Statecraft

// "Using Statecraft from the main actor": a SwiftUI-shaped model. A SwiftUI view would hold it in
// `@State`, read `model.machine.state` in `body` and call `model.run()` from `.task { }`.

/// Search results that a view observes; typing restarts the search.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class SearchModel {
    enum State: Equatable, Sendable { case empty, searching(String), results([String]) }
    enum Event: Sendable { case query(String), found([String]) }

    let machine: ObservableStateMachine<TransitionFunction<State, Event>>

    init(search: @escaping @Sendable (String) async throws -> [String]) {
        let plain = StateMachine(initialState: State.empty) { (state: State, event: Event) -> State? in
            switch event {
            case .query(let text): text.isEmpty ? .empty : .searching(text)
            case .found(let names): if case .searching = state { .results(names) } else { nil }
            }
        }
        plain.addObserver { [unowned plain] _, _, new in
            guard case .searching(let text) = new else { return }
            plain.startEffect(StateEffect { context in
                try await context.sleep(for: .milliseconds(300))   // debounce: a new query cancels this
                await context.send(.found(try await search(text)))
            })
        }
        machine = ObservableStateMachine(plain)
    }

    /// Call from the view's `.task { await model.run() }`: runs until the view disappears.
    func run(clock: any Clock<Duration> = ContinuousClock()) async { await machine.machine.run(clock: clock) }
}
