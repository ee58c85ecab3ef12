// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Foundation
import Statecraft
import Testing

// The Swift code of the Statecraft DocC articles (Sources/Statecraft/Statecraft.docc), compiled and run.
// Each ```swift block of an article is an excerpt of this file or of the source file its marker names
// (DocSnippetTextTests checks it).

/// A list screen's controller, the subject of the articles' schemas.
final class ListController {
    private(set) var calls: [String] = []
    func showSpinner() { calls.append("showSpinner") }
    func reload() { calls.append("reload") }
    func showAlert() { calls.append("showAlert") }
}

enum Screen { case list, refreshing, error }
enum ScreenEvent { case refresh, showList, showError, dismissError }
enum Light { case red, green, yellow }
enum LightEvent { case change }
enum DownloadEvent { case start, progress(Double), finish, archive }
enum NetworkState { case ready, fetching, success, failure }

/// "Choosing how to define a machine": a state type that decides.
struct Download: StateMachineState {
    enum Phase { case idle, running(progress: Double), done, archived }
    var phase: Phase
    func next(for event: DownloadEvent) -> StateTransition<Download> {
        switch (phase, event) {
        case (.idle, .start): .to(Download(phase: .running(progress: 0)))
        case (.running, .progress(let p)): .update(Download(phase: .running(progress: p)))
        case (.running, .finish): .to(Download(phase: .done))
        case (.done, .archive): .to(Download(phase: .archived))
        default: .ignore
        }
    }
    func didEnter(from previous: Download?, in machine: Machine) {
        if case .done = phase { machine.send(.archive) }
    }
}

/// "Choosing how to define a machine": guarded assignment.
final class Client: TransitionApprover {
    lazy var machine = GuardedStateMachine(initialState: NetworkState.ready, approver: self)
    func shouldTransition(from: NetworkState, to: NetworkState) -> Bool {
        switch (from, to) {
        case (.ready, .fetching), (.fetching, .success), (.fetching, .failure), (_, .ready): true
        default: false
        }
    }
    func fetch() { machine.state = .fetching }   // a second call while fetching is refused
}

/// "Guarded assignment".
enum GuardedAssignmentArticle {
    final class Client: TransitionApprover {
        enum State { case ready, fetching, saving, success(Data), failure(any Error) }
        lazy var machine = GuardedStateMachine(initialState: State.ready, approver: self)

        func shouldTransition(from: State, to: State) -> Bool {
            switch (from, to) {
            case (.ready, .fetching), (.ready, .saving): true
            case (.fetching, .success), (.fetching, .failure): true
            case (.saving, .success), (.saving, .failure): true
            case (_, .ready): true
            default: false
            }
        }

        func didTransition(from: State, to: State) {
            if case (.ready, .fetching) = (from, to) { startRequest() }
        }

        private(set) var requests = 0
        func startRequest() { requests += 1 }
    }
}

/// "States that decide".
struct Stenciltown: StateMachineState {
    enum Phase { case initial, fetching(progress: Double), fetched }
    enum Event { case beginFetch, fetchProgress(Double), fetchCompleted }
    var phase: Phase

    func next(for event: Event) -> StateTransition<Stenciltown> {
        switch (phase, event) {
        case (.initial, .beginFetch): .to(Stenciltown(phase: .fetching(progress: 0)))
        case (.fetching, .fetchProgress(let p)): .update(Stenciltown(phase: .fetching(progress: p)))
        case (.fetching, .fetchCompleted): .to(Stenciltown(phase: .fetched))
        default: .ignore
        }
    }
}

/// "Schema and subject".
enum SchemaAndSubjectArticle {
    /// A subject that owns its machine.
    final class ListController {
        static let schema = StateMachineSchema<Screen, ScreenEvent, Unowned<ListController>>(initialState: .list) {
            state, event in
            state == .list && event == .refresh ? (.refreshing, { controller in controller.object.showSpinner() }) : nil
        }
        lazy var machine = StateMachine(schema: Self.schema, subject: Unowned(self))
        private(set) var spinners = 0
        func showSpinner() { spinners += 1 }
    }
}

/// What a song list would show.
final class SongView {
    private(set) var shown: [String] = []
    func showSpinner() { shown.append("spinner") }
    func show<T>(_ value: T) { shown.append("\(value)") }
    func showEmptyView() { shown.append("empty") }
}

/// Fetches nothing, successfully.
struct SongFetcher {
    func fetchSongs<Song>(_ completion: (Result<[Song], any Error>) -> Void) { completion(.success([])) }
}

@Suite("Article samples")
struct ArticleSnippets {
    @Test func choosingASchema() {
        let controller = ListController()
        let schema = StateMachineSchema<Screen, ScreenEvent, ListController>(initialState: .list) { state, event in
            switch (state, event) {
            case (.list, .refresh): return (.refreshing, { controller in controller.showSpinner() })
            case (.refreshing, .showList): return (.list, { controller in controller.reload() })
            default: return nil
            }
        }
        let machine = StateMachine(schema: schema, subject: controller)
        machine.handle(.refresh)
        #expect(controller.calls == ["showSpinner"])
    }

    @Test func oneFunction() {
        enum Light { case red, green, yellow }
        enum LightEvent { case change }

        let light = StateMachine(initialState: Light.red) { (light: Light, _: LightEvent) in
            switch light {
            case .red: .green
            case .green: .yellow
            case .yellow: .red
            }
        }
        light.handle(.change)     // light.state == .green
        #expect(light.state == .green)
    }

    @Test func statesThatDecideAndGuardedAssignment() {
        let download = StateMachine(initialState: Download(phase: .idle))
        download.handle(.start)
        download.handle(.finish)
        guard case .archived = download.state.phase else { Issue.record("not archived: \(download.state.phase)"); return }

        let client = Client()
        client.fetch()
        client.fetch()
        #expect(client.machine.lastRefusal != nil)

        let guarded = GuardedAssignmentArticle.Client()
        guarded.machine.state = .fetching
        #expect(guarded.requests == 1)

        let machine = StateMachine(initialState: Stenciltown(phase: .initial))
        machine.handle(.beginFetch)
        guard case .fetching = machine.state.phase else { Issue.record("not fetching"); return }
    }

    @Test func loadable() {
        let fetched = [Song(artist: "Nina Simone", title: "Feeling Good")]
        let songs = LoadableMachine<[Song]>()    // starts in .loading
        songs.handle(.result(fetched))           // .data(fetched), or .empty for an empty array
        songs.handle(.reload)                    // .loading again
        #expect(songs.state == .loading)

        let view = SongView()
        let fetcher = SongFetcher()
        do {
            struct Song: Equatable { let artist: String; let title: String }

            let songs = LoadableMachine<[Song]>()
            songs.observeState { state in          // called at once with .loading, then after every change
                switch state {
                case .loading: view.showSpinner()
                case .data(let list): view.show(list)
                case .failure(let error): view.show(error)
                case .empty: view.showEmptyView()
                }
            }
            fetcher.fetchSongs { result in songs.handle(.result(result)) }
        }
        #expect(view.shown == ["spinner", "empty"])
    }

    @Test func schemaAndSubject() {
        let controller = ListController()
        enum Screen { case list, refreshing, error }
        enum ScreenEvent { case refresh, showList, showError, dismissError }

        let schema = StateMachineSchema<Screen, ScreenEvent, ListController>(initialState: .list) { state, event in
            switch state {
            case .list:
                switch event {
                case .refresh: return (.refreshing, { $0.showSpinner() })
                case .showList, .showError, .dismissError: return nil
                }
            case .refreshing:
                switch event {
                case .showList: return (.list, { $0.reload() })
                case .showError: return (.error, { $0.showAlert() })
                case .refresh, .dismissError: return nil
                }
            case .error:
                switch event {
                case .refresh: return (.refreshing, { $0.showSpinner() })
                case .dismissError: return (.list, nil)
                case .showList, .showError: return nil
                }
            }
        }

        let machine = StateMachine(schema: schema, subject: controller)
        machine.handle(.refresh)            // true; controller.showSpinner() ran after the state changed
        machine.handle(.dismissError)       // false: ignored while refreshing
        #expect(controller.calls == ["showSpinner"])

        let owning = SchemaAndSubjectArticle.ListController()
        owning.machine.handle(.refresh)
        #expect(owning.spinners == 1)
    }
}

/// A song of the articles' samples.
struct Song: Equatable { let artist: String; let title: String }
