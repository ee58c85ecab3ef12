import Statecraft
import Testing

/// Seed 002: a network object whose state is assigned directly and approved by its delegate; a second
/// fetch while fetching is refused, so only one request is ever sent.
@Suite("Seed 002: guarded network fetch and save")
struct NetworkSeedTests {
    struct NetworkError: Error, Equatable { let message: String }

    enum AsyncNetworkState: Equatable {
        case ready, fetching, saving
        case success([String: Int])
        case failure(NetworkError)
    }

    final class Client: TransitionApprover {
        var requestsSent: [String] = []
        var interfaceUpdates = 0
        lazy var machine = GuardedStateMachine(initialState: AsyncNetworkState.ready, approver: self)

        func shouldTransition(from: AsyncNetworkState, to: AsyncNetworkState) -> Bool {
            switch (from, to) {
            case (.ready, .fetching), (.ready, .saving): true
            case (.fetching, .success), (.fetching, .failure): true
            case (.saving, .success), (.saving, .failure): true
            case (_, .ready): true
            default: false
            }
        }

        func didTransition(from: AsyncNetworkState, to: AsyncNetworkState) {
            switch (from, to) {
            case (.ready, .fetching): requestsSent.append("fetch")
            case (.ready, .saving): requestsSent.append("save")
            case (_, .failure), (.fetching, .success), (.saving, .success): machine.state = .ready
            case (_, .ready): interfaceUpdates += 1
            default: break
            }
        }

        func fetchThing() { machine.state = .fetching }
    }

    @Test func aRepeatedFetchIsRefusedAndSendsOneRequest() {
        let client = Client()
        client.fetchThing()
        client.fetchThing()
        client.fetchThing()
        #expect(client.machine.state == .fetching)
        #expect(client.requestsSent == ["fetch"])
        #expect(client.machine.lastRefusal?.from == .fetching)
        #expect(client.machine.lastRefusal?.to == .fetching)
    }

    @Test func completionCarriesDataAndReturnsToReady() {
        let client = Client()
        client.fetchThing()
        client.machine.state = .success(["songs": 2])
        #expect(client.machine.state == .ready) // queued .ready applied after .success completed
        #expect(client.interfaceUpdates == 1)
        client.machine.state = .saving
        client.machine.state = .failure(NetworkError(message: "offline"))
        #expect(client.machine.state == .ready)
        #expect(client.requestsSent == ["fetch", "save"])
    }

    @Test func successWithoutARequestIsRefused() {
        let client = Client()
        client.machine.state = .success([:])
        #expect(client.machine.state == .ready)
        #expect(client.machine.lastRefusal?.to == .success([:]))
    }
}
