// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Statecraft

/// The Stenciltown machine: the seed's pure transition table, and the async work each state starts.
///
/// ```swift
/// let machine = StateMachine(definition: StenciltownDefinition(environment: StenciltownEnvironment()))
/// Task { await machine.run() }     // fetches for 5 s, then waits for `.download`
/// ```
///
/// Progress reports are updates in place (``TransitionKind/update``), so they never restart the work that
/// sends them; every other transition is a change of state, which cancels the work of the state left.
public struct StenciltownDefinition: MachineDefinition, Sendable {
    /// Durations, the metadata and how to download.
    public let environment: StenciltownEnvironment

    /// Creates the definition.
    ///
    /// - Parameter environment: Durations, the metadata and how to download.
    public init(environment: StenciltownEnvironment) {
        self.environment = environment
    }

    /// Machines start in ``StenciltownState/initial``.
    public var initialState: StenciltownState { .initial }

    /// The seed's transition table, with retry after a failure.
    public func decide(state: StenciltownState, event: StenciltownEvent) -> TransitionDecision<StenciltownState, Void>? {
        switch (state, event) {
        case (_, .reset): TransitionDecision(target: .initial)
        case (.initial, .beginFetch): TransitionDecision(target: .fetching(progress: 0))
        case (.fetching, .fetchProgress(let fraction)):
            TransitionDecision(target: .fetching(progress: fraction), kind: .update)
        case (.fetching, .fetchCompleted(let description)): TransitionDecision(target: .fetched(description: description))
        case (.fetched, .download), (.failed, .download): TransitionDecision(target: .downloading(progress: 0))
        case (.downloading, .downloadProgress(let fraction)):
            TransitionDecision(target: .downloading(progress: fraction), kind: .update)
        case (.downloading, .downloadCompleted): TransitionDecision(target: .downloaded)
        case (.downloading, .downloadFailed(let message)): TransitionDecision(target: .failed(message: message))
        default: nil
        }
    }

    /// Starts the initial state's work.
    public func didStart(in machine: StateMachine<Self>) {
        if let effect = effect(for: machine.state) { machine.startEffect(effect) }
    }

    /// Starts the work of a state just entered (not on progress updates).
    public func didTransition(
        from oldState: StenciltownState, on event: StenciltownEvent,
        decision: TransitionDecision<StenciltownState, Void>, in machine: StateMachine<Self>
    ) {
        if decision.kind == .change, let effect = effect(for: machine.state) { machine.startEffect(effect) }
    }

    /// The async work that runs while the machine is in `state`, if any.
    ///
    /// - Parameter state: A state just entered.
    /// - Returns: The work, or `nil` for a state that only waits for the user.
    public func effect(for state: StenciltownState) -> StateEffect<StenciltownEvent>? {
        switch state {
        case .initial:
            return StateEffect("begin fetch") { context in await context.send(.beginFetch) }
        case .fetching:
            let description = environment.metadataDescription
            return environment.simulatedWork(
                "fetch", lasting: environment.fetchDuration, progress: StenciltownEvent.fetchProgress,
                completion: .fetchCompleted(description: description))
        case .downloading:
            guard let downloader = environment.downloader else {
                return environment.simulatedWork(
                    "download", lasting: environment.downloadDuration, progress: StenciltownEvent.downloadProgress,
                    completion: .downloadCompleted)
            }
            return StateEffect("download", catch: { .downloadFailed(message: "\($0)") }) { context in
                try await downloader.download { fraction in await context.send(.downloadProgress(fraction)) }
                await context.send(.downloadCompleted)
            }
        case .fetched, .downloaded, .failed:
            return nil
        }
    }
}

/// The Stenciltown machine.
public typealias StenciltownMachine = StateMachine<StenciltownDefinition>
