import Statecraft
import Testing

/// Seed 003: a song list whose content is `Loadable`.
@Suite("Seed 003: song list")
struct SongListSeedTests {
    struct Song: Equatable {
        let artist: String
        let title: String
    }
    struct FetchError: Error {}

    struct SongFetcher {
        var result: LoadableEvent<[Song]>
        func fetchSongs(completion: (LoadableEvent<[Song]>) -> Void) { completion(result) }
    }

    final class TableViewController {
        var datasource: [Song] = []
        var shownError = false
        var shownEmpty = false
        let fetcher: SongFetcher
        let machine = LoadableMachine<[Song]>()

        init(fetcher: SongFetcher) {
            self.fetcher = fetcher
            machine.addObserver { [unowned self] _, _, state in self.handle(state) }
        }

        func viewDidLoad() { fetcher.fetchSongs { machine.handle($0) } }

        func handle(_ state: Loadable<[Song]>) {
            switch state {
            case .loading: fetcher.fetchSongs { machine.send($0) }
            case .data(let songs): datasource.append(contentsOf: songs)
            case .failure: shownError = true
            case .empty: shownEmpty = true
            }
        }
    }

    static let songs = [Song(artist: "Nils Frahm", title: "All Melody"), Song(artist: "Nils Frahm", title: "Sunson")]

    @Test func songsLoadIntoTheDatasource() {
        let controller = TableViewController(fetcher: SongFetcher(result: .result(Self.songs)))
        #expect(controller.machine.state == .loading)
        controller.viewDidLoad()
        #expect(controller.machine.state == .data(Self.songs))
        #expect(controller.datasource == Self.songs)
    }

    @Test func reloadFetchesAgainThroughTheLoadingState() {
        let controller = TableViewController(fetcher: SongFetcher(result: .result(Self.songs)))
        controller.viewDidLoad()
        controller.machine.handle(.reload)
        #expect(controller.machine.state == .data(Self.songs))
        #expect(controller.datasource.count == 4)
    }

    @Test func failureAndEmptyAreShown() {
        let failing = TableViewController(fetcher: SongFetcher(result: .fail(FetchError())))
        failing.viewDidLoad()
        #expect(failing.shownError)
        #expect(failing.machine.state.error is FetchError)

        let empty = TableViewController(fetcher: SongFetcher(result: .result([])))
        empty.viewDidLoad()
        #expect(empty.shownEmpty)
        #expect(empty.machine.state == .empty)
    }
}
