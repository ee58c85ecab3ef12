// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Statecraft

/// A running Stenciltown screen on the main actor: the machine, its effects' run loop, and the current
/// view model. The terminal program draws ``viewModel`` whenever ``onChange`` fires; tests drive it directly.
///
/// ```swift
/// let session = StenciltownSession(environment: StenciltownEnvironment(speed: 10))
/// session.onChange = { print($0.line) }
/// session.start()
/// try await session.run(script: [.waitFetched, .download, .waitDownloaded])
/// ```
@MainActor
public final class StenciltownSession {
    /// The machine behind the screen.
    public let machine: StenciltownMachine
    /// What the screen shows now.
    public private(set) var viewModel: StenciltownViewModel
    /// Called with the new view model each time it changes (not when a transition leaves it equal).
    public var onChange: ((StenciltownViewModel) -> Void)?

    private let clock: any Clock<Duration>
    private var runLoop: Task<Void, Never>?

    /// Creates a session; nothing runs until ``start()``.
    ///
    /// - Parameters:
    ///   - environment: Durations and how to download.
    ///   - clock: The clock the work sleeps on; `ContinuousClock` by default, a manual clock in tests.
    public init(environment: StenciltownEnvironment, clock: any Clock<Duration> = ContinuousClock()) {
        machine = StateMachine(definition: StenciltownDefinition(environment: environment))
        viewModel = StenciltownViewModel(state: machine.state)
        self.clock = clock
        machine.addObserver { [weak self] _, _, newState in
            self?.show(StenciltownViewModel(state: newState))
        }
    }

    private func show(_ next: StenciltownViewModel) {
        guard next != viewModel else { return }
        viewModel = next
        onChange?(next)
    }

    /// Starts the machine's work (the run loop of its effects) on the main actor.
    public func start() {
        guard runLoop == nil else { return }
        let machine = self.machine
        let clock = self.clock
        runLoop = Task { await machine.run(clock: clock) }
    }

    /// Stops the machine's work: everything in flight is cancelled.
    public func stop() {
        runLoop?.cancel()
        runLoop = nil
    }

    /// Handles a key press: `d` presses Download when it is enabled, `r` resets.
    ///
    /// - Parameter key: The key.
    /// - Returns: `false` for `q` (quit), `true` otherwise; unknown keys are ignored.
    @discardableResult
    public func press(_ key: Character) -> Bool {
        switch key {
        case "d": if let event = viewModel.downloadEvent { machine.send(event) }
        case "r": machine.send(.reset)
        case "q": return false
        default: break
        }
        return true
    }

    /// Runs a script to its end or to its `q` step.
    ///
    /// - Parameter steps: The steps.
    /// - Throws: ``StenciltownScriptWaitError`` when a wait cannot succeed (waiting for the download when none
    ///   is in progress, or the download failing while waiting for it to finish).
    public func run(script steps: [StenciltownScriptStep]) async throws(StenciltownScriptWaitError) {
        for (index, step) in steps.enumerated() {
            switch step {
            case .download: press("d")
            case .reset: press("r")
            case .quit: return
            case .waitFetched, .waitDownloaded, .waitFailed:
                if let problem = await wait(for: step) {
                    throw StenciltownScriptWaitError(step: step, position: index + 1, problem: problem)
                }
            case .sleep(let milliseconds):
                try? await clock.sleep(for: .milliseconds(milliseconds))
            }
        }
    }

    /// Waits until the state a wait step names; returns why it never will, or `nil` once it is reached.
    private func wait(for step: StenciltownScriptStep) async -> String? {
        let transitions = machine.transitions
        var state = machine.state
        var iterator = transitions.makeAsyncIterator()
        while true {
            switch (step, state) {
            case (.waitFetched, .fetched), (.waitDownloaded, .downloaded), (.waitFailed, .failed):
                return nil
            case (.waitFetched, .initial), (.waitFetched, .fetching):
                break
            case (.waitDownloaded, .downloading), (.waitFailed, .downloading):
                break
            case (.waitDownloaded, .failed(let message)):
                return "the download failed: \(message)"
            default:
                return "cannot happen from state \(state.name) without a key press"
            }
            guard let next = await iterator.next(isolation: MainActor.shared) else {
                return "the machine stopped"
            }
            state = next.to
        }
    }
}
