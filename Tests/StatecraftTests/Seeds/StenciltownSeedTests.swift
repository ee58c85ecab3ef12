import Statecraft
import Testing

/// Seed 000: Stenciltown's transitions, driven by hand-sent progress events (no async work here).
@Suite("Seed 000: Stenciltown by hand")
struct StenciltownSeedTests {
    struct ViewModel: Equatable {
        var description: String
        var downloadButtonHidden = true
        var downloadButtonEnabled = false
        var progressBarHidden = true
        var progress: Double = 0
    }

    final class Recorder {
        var models: [ViewModel] = []
        var started: [String] = []
    }

    struct StenciltownState: StateMachineState {
        enum Phase: Equatable {
            case initial, fetching(progress: Double), fetched, downloading(progress: Double), downloaded
        }
        enum Event {
            case beginFetch, fetchProgress(Double), fetchCompleted
            case beginDownload, downloadProgress(Double), downloadCompleted, reset
        }

        var phase: Phase
        let recorder: Recorder

        func next(for event: Event) -> StateTransition<StenciltownState> {
            switch (phase, event) {
            case (.initial, .beginFetch): .to(with(.fetching(progress: 0)))
            case (.fetching, .fetchProgress(let p)): .update(with(.fetching(progress: p)))
            case (.fetching, .fetchCompleted): .to(with(.fetched))
            case (.fetched, .beginDownload): .to(with(.downloading(progress: 0)))
            case (.downloading, .downloadProgress(let p)): .update(with(.downloading(progress: p)))
            case (.downloading, .downloadCompleted): .to(with(.downloaded))
            case (.initial, .reset): .ignore
            case (_, .reset): .to(with(.initial))
            default: .ignore
            }
        }

        func with(_ phase: Phase) -> StenciltownState { StenciltownState(phase: phase, recorder: recorder) }

        /// Seed 000 starts the (here: pretend) async work before the transition.
        func willTransition(on event: Event, to next: StenciltownState, in machine: Machine) {
            switch event {
            case .beginFetch: recorder.started.append("fetch")
            case .beginDownload: recorder.started.append("download")
            default: break
            }
        }

        func didEnter(from previous: StenciltownState?, in machine: Machine) {
            if previous == nil { recorder.models.append(viewModel) }
        }

        func didTransition(on event: Event, from previous: StenciltownState, in machine: Machine) {
            recorder.models.append(viewModel)
        }

        var viewModel: ViewModel {
            switch phase {
            case .initial: ViewModel(description: "")
            case .fetching(let p):
                ViewModel(description: "Fetching Description…", progressBarHidden: false, progress: p)
            case .fetched:
                ViewModel(description: "It’s a bunny", downloadButtonHidden: false, downloadButtonEnabled: true)
            case .downloading(let p): ViewModel(description: "Downloading…", progressBarHidden: false, progress: p)
            case .downloaded: ViewModel(description: "Isn’t it cute?")
            }
        }
    }

    @Test func theWholeFlowProducesTheSeedsViewModels() {
        let recorder = Recorder()
        let machine = StateMachine(initialState: StenciltownState(phase: .initial, recorder: recorder))
        machine.handle(.beginFetch)
        machine.handle(.fetchProgress(0.5))
        machine.handle(.fetchProgress(1))
        machine.handle(.fetchCompleted)
        machine.handle(.beginDownload)
        machine.handle(.downloadProgress(0.25))
        machine.handle(.downloadCompleted)

        #expect(recorder.started == ["fetch", "download"])
        #expect(
            recorder.models.map(\.description) == [
                "", "Fetching Description…", "Fetching Description…", "Fetching Description…", "It’s a bunny",
                "Downloading…", "Downloading…", "Isn’t it cute?",
            ])
        #expect(recorder.models.map(\.progress) == [0, 0, 0.5, 1, 0, 0, 0.25, 0])
        #expect(recorder.models[4].downloadButtonEnabled)
        #expect(machine.state.phase == .downloaded)
    }

    @Test func progressIsAnUpdateNotAChangeOfState() {
        let machine = StateMachine(initialState: StenciltownState(phase: .fetching(progress: 0), recorder: Recorder()))
        var kinds: [String] = []
        machine.addObserver { old, _, new in
            kinds.append(old.phase == new.phase ? "same" : "\(old.phase) -> \(new.phase)")
        }
        machine.handle(.fetchProgress(0.3))
        #expect(machine.state.phase == .fetching(progress: 0.3))
        #expect(kinds == ["fetching(progress: 0.0) -> fetching(progress: 0.3)"])
    }

    @Test func eventsOutOfPlaceAreIgnoredAndResetReturnsToTheStart() {
        let machine = StateMachine(initialState: StenciltownState(phase: .initial, recorder: Recorder()))
        #expect(machine.handle(.beginDownload) == false)
        #expect(machine.handle(.downloadProgress(0.5)) == false)
        machine.handle(.beginFetch)
        machine.handle(.fetchProgress(0.4))
        #expect(machine.handle(.reset))
        #expect(machine.state.phase == .initial)
        #expect(machine.handle(.fetchProgress(0.9)) == false) // stale progress after reset is ignored
        #expect(machine.state.phase == .initial)
    }
}
