import Statecraft
import Testing

@Suite("Loadable content")
struct LoadableTests {
    struct Failure: Error, Equatable { let code: Int }
    struct Opaque: Error { let reason: String }

    @Test func equalityComparesCasesAndPayloads() {
        #expect(Loadable<Int>.loading == .loading)
        #expect(Loadable<Int>.empty == .empty)
        #expect(Loadable.data(1) == .data(1))
        #expect(Loadable.data(1) != .data(2))
        #expect(Loadable<Int>.loading != .empty)
        #expect(Loadable<Int>.failure(Failure(code: 1)) == .failure(Failure(code: 1)))
        #expect(Loadable<Int>.failure(Failure(code: 1)) != .failure(Failure(code: 2)))
        #expect(Loadable<Int>.failure(Opaque(reason: "x")) == .failure(Opaque(reason: "x")))
        #expect(Loadable<Int>.failure(Opaque(reason: "x")) != .failure(Opaque(reason: "y")))
        #expect(Loadable<Int>.failure(Opaque(reason: "x")) != .failure(Failure(code: 1)))
    }

    @Test func accessors() {
        #expect(Loadable.data(3).value == 3)
        #expect(Loadable<Int>.loading.value == nil)
        #expect(Loadable<Int>.loading.isLoading)
        #expect(Loadable<Int>.failure(Failure(code: 7)).error as? Failure == Failure(code: 7))
    }

    @Test(arguments: [
        (Loadable<Int>.loading, LoadableEvent<Int>.succeed(5), Optional(Loadable<Int>.data(5))),
        (.loading, .fail(Failure(code: 1)), .failure(Failure(code: 1))),
        (.loading, .empty, .empty),
        (.loading, .load, nil),
        (.loading, .reload, nil),
        (.data(1), .reload, .loading),
        (.data(1), .load, nil),
        (.data(1), .succeed(2), nil),
        (.failure(Failure(code: 1)), .load, .loading),
        (.failure(Failure(code: 1)), .reload, .loading),
        (.failure(Failure(code: 1)), .succeed(2), nil),
        (.empty, .load, .loading),
        (.empty, .reload, .loading),
        (.empty, .fail(Failure(code: 2)), nil),
    ])
    func transitionTable(from: Loadable<Int>, event: LoadableEvent<Int>, expected: Loadable<Int>?) {
        let machine = LoadableMachine<Int>(loadable: from)
        let transitioned = machine.handle(event)
        #expect(transitioned == (expected != nil))
        #expect(machine.state == (expected ?? from))
    }

    @Test func resultHelperMapsEmptyCollectionsToEmpty() {
        let machine = LoadableMachine<[String]>()
        machine.handle(.result([]))
        #expect(machine.state == .empty)
        machine.handle(.reload)
        machine.handle(.result(["a"]))
        #expect(machine.state == .data(["a"]))
    }
}
