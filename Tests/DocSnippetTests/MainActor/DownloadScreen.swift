// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Statecraft

// The sample code of the DocC article "Using Statecraft from the main actor" (UsingStatecraftFromTheMainActor.md):
// each ```swift block of the article is an excerpt of this file, checked by DocSnippetTextTests. Compiled in
// plain Swift 6 mode, without InferIsolatedConformances (see Tests/InferredIsolationTests for that mode).

/// What a download screen shows: a UIKit view controller or a SwiftUI view reads it.
@MainActor
final class DownloadViewModel {
    private(set) var title = "Download"
    private(set) var progress: Double?
    private(set) var isDownloadEnabled = true

    func showIdle() { (title, progress, isDownloadEnabled) = ("Download", nil, true) }
    func showProgress(_ fraction: Double) { (title, progress, isDownloadEnabled) = ("Downloading…", fraction, false) }
    func showDone() { (title, progress, isDownloadEnabled) = ("Done", nil, false) }
}

/// The screen's states drive the view model from their hooks, on the main actor.
@MainActor
struct DownloadScreen: @MainActor StateMachineState {
    enum Phase: Equatable { case idle, downloading(Double), done }
    enum Event: Sendable { case tapDownload, progress(Double), finished, reset }

    var phase: Phase
    unowned let view: DownloadViewModel

    func next(for event: Event) -> StateTransition<DownloadScreen> {
        switch (phase, event) {
        case (.idle, .tapDownload): .to(DownloadScreen(phase: .downloading(0), view: view))
        case (.downloading, .progress(let fraction)): .update(DownloadScreen(phase: .downloading(fraction), view: view))
        case (.downloading, .finished): .to(DownloadScreen(phase: .done, view: view))
        case (_, .reset): .to(DownloadScreen(phase: .idle, view: view))
        default: .ignore
        }
    }

    func didTransition(on event: Event, from previous: DownloadScreen, in machine: Machine) {
        switch phase {
        case .idle: view.showIdle()
        case .downloading(let fraction): view.showProgress(fraction)
        case .done: view.showDone()
        }
    }

    func didEnter(from previous: DownloadScreen?, in machine: Machine) {
        guard case .downloading = phase else { return }
        machine.startEffect(StateEffect { context in
            for step in 1...4 {
                try await context.sleep(for: .milliseconds(250))
                await context.send(.progress(Double(step) / 4))
            }
            await context.send(.finished)
        })
    }
}

/// UIKit-shaped: the controller owns the view model and the machine, and runs the machine's effects while
/// its view is on screen.
@MainActor
final class DownloadViewController {
    let viewModel = DownloadViewModel()
    lazy var machine = StateMachine(initialState: DownloadScreen(phase: .idle, view: viewModel))
    private var effects: Task<Void, Never>?

    func viewWillAppear(clock: any Clock<Duration> = ContinuousClock()) {
        effects = Task { await machine.run(clock: clock) }
    }
    func viewDidDisappear() { effects?.cancel() }
    func downloadTapped() { machine.send(.tapDownload) }
}
