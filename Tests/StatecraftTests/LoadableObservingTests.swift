import Statecraft
import Testing

/// `Loadable` as a new user expects it: the first `.loading` is observed, `.result` takes any value and
/// `Result` bridges to events and states.
@Suite("Loadable: observing and results")
struct LoadableObservingTests {
    struct Profile: Equatable { let name: String }
    struct Offline: Error, Equatable {}

    @Test func observeStateHearsTheInitialLoadingThenEveryChange() {
        let profile = LoadableMachine<Profile>()
        var seen: [String] = []
        profile.observeState { seen.append("\($0)") }
        #expect(seen == ["loading"])
        profile.handle(.result(Profile(name: "Ada")))
        #expect(seen == ["loading", "data(Profile(name: \"Ada\"))"])
    }

    @Test func resultTakesAnyValue() {
        let profile = LoadableMachine<Profile>()
        profile.handle(.result(Profile(name: "Ada")))
        #expect(profile.state == .data(Profile(name: "Ada")))
    }

    @Test func resultOfAnEmptyCollectionIsEmpty() {
        let songs = LoadableMachine<[String]>()
        songs.handle(.result([]))
        #expect(songs.state == .empty)
    }

    @Test func aResultBridgesToTheEvent() {
        let profile = LoadableMachine<Profile>()
        profile.handle(.result(Result<Profile, Offline>.failure(Offline())))
        #expect(profile.state == .failure(Offline()))
        profile.handle(.reload)
        profile.handle(.result(Result<Profile, Offline>.success(Profile(name: "Ada"))))
        #expect(profile.state == .data(Profile(name: "Ada")))

        let songs = LoadableMachine<[String]>()
        songs.handle(.result(Result<[String], Offline>.success([])))
        #expect(songs.state == .empty)
    }

    @Test func aResultBecomesALoadableValue() {
        #expect(Loadable(Result<Profile, Offline>.success(Profile(name: "Ada"))) == .data(Profile(name: "Ada")))
        #expect(Loadable(Result<Profile, Offline>.failure(Offline())) == .failure(Offline()))
    }
}
