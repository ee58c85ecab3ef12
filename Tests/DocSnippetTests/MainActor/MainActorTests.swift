import Observation
import Statecraft
import StatecraftTesting
import Testing

/// The main-actor samples compile in Swift 6 mode and do what the article says.
@MainActor
@Suite("Using Statecraft from the main actor")
struct MainActorTests {
    @Test func aMainActorStateTypeDrivesItsViewModelAndRunsItsEffects() async {
        let clock = ManualClock()
        let controller = DownloadViewController()
        var transitions = controller.machine.transitions.makeAsyncIterator()
        controller.viewWillAppear(clock: clock)
        defer { controller.viewDidDisappear() }

        controller.downloadTapped()
        #expect(controller.viewModel.title == "Downloading…")
        #expect(controller.viewModel.isDownloadEnabled == false)
        _ = await transitions.next()
        for _ in 1...4 {
            await clock.waitForSleepers(count: 1)
            await clock.advance(by: .milliseconds(250))
            _ = await transitions.next()
        }
        _ = await transitions.next()
        #expect(controller.machine.state.phase == .done)
        #expect(controller.viewModel.title == "Done")
    }

    @Test func aMainActorApproverGuardsAssignments() {
        let controller = UploadController()
        controller.machine.state = .done
        #expect(controller.machine.state == .ready)
        controller.machine.state = .uploading
        #expect(controller.status == "Uploading…")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aSwiftUIShapedModelIsObservedAndDebounces() async {
        let clock = ManualClock()
        let model = SearchModel { text in ["\(text).sketch"] }
        var transitions = model.machine.machine.transitions.makeAsyncIterator()
        let runLoop = Task { await model.run(clock: clock) }
        defer { runLoop.cancel() }

        let changes = LockedValue(0)
        _ = withObservationTracking {
            model.machine.state
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        model.machine.send(.query("ke"))
        #expect(changes.withLock { $0 } == 1)
        model.machine.send(.query("key")) // leaves .searching("ke"): its debounce is cancelled
        _ = await transitions.next()
        _ = await transitions.next()
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .milliseconds(300))
        let found = await transitions.next()
        #expect(found?.to == .results(["key.sketch"]))
    }
}
