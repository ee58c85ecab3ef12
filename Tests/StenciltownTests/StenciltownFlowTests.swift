import Statecraft
import StatecraftTestSupport
import StatecraftTesting
import StenciltownKit
import Testing

/// The whole screen on a manual clock: fetch, download, reset in flight, failures and retries.
@MainActor
@Suite("Stenciltown flow")
struct StenciltownFlowTests {
    /// A session on a manual clock recording every view model line it shows.
    @MainActor
    final class Harness {
        let clock = ManualClock()
        let session: StenciltownSession
        var lines: [String] = []

        init(downloader: (any StenciltownDownloader)? = nil) {
            session = StenciltownSession(
                environment: StenciltownEnvironment(downloader: downloader, progressSteps: 4), clock: clock)
            lines.append(session.viewModel.line)
            session.onChange = { [unowned self] in self.lines.append($0.line) }
        }

        /// Moves the clock through `steps` sleeps of `step` each, waiting each time for the work to sleep.
        func advance(steps: Int, of step: Duration) async {
            for _ in 0..<steps {
                await clock.waitForSleepers(count: 1)
                await clock.advance(by: step)
            }
        }

        /// Waits until the machine reaches `state`.
        func waitFor(_ state: StenciltownState) async {
            var transitions = session.machine.transitions.makeAsyncIterator()
            while session.machine.state != state {
                guard await transitions.next() != nil else { return }
            }
        }

        func fetch() async {
            await advance(steps: 4, of: .milliseconds(1250))
            await waitFor(.fetched(description: "It’s a bunny"))
        }
    }

    @Test func fetchThenDownloadShowsProgressAndTheDoneText() async {
        let harness = Harness()
        harness.session.start()
        defer { harness.session.stop() }

        await harness.fetch()
        #expect(harness.session.viewModel.button == .enabled)
        harness.session.press("d")
        #expect(harness.session.viewModel.button == .disabled)
        await harness.advance(steps: 4, of: .milliseconds(2500))
        await harness.waitFor(.downloaded)
        #expect(
            harness.lines == [
                #"state=initial progress=- button=hidden description="""#,
                #"state=fetching progress=0% button=hidden description="Fetching description…""#,
                #"state=fetching progress=25% button=hidden description="Fetching description…""#,
                #"state=fetching progress=50% button=hidden description="Fetching description…""#,
                #"state=fetching progress=75% button=hidden description="Fetching description…""#,
                #"state=fetching progress=100% button=hidden description="Fetching description…""#,
                #"state=fetched progress=- button=enabled description="It’s a bunny""#,
                #"state=downloading progress=0% button=disabled description="Downloading…""#,
                #"state=downloading progress=25% button=disabled description="Downloading…""#,
                #"state=downloading progress=50% button=disabled description="Downloading…""#,
                #"state=downloading progress=75% button=disabled description="Downloading…""#,
                #"state=downloading progress=100% button=disabled description="Downloading…""#,
                #"state=downloaded progress=- button=disabled description="Isn’t it cute?""#,
            ])
    }

    @Test func downloadIsIgnoredUntilTheMetadataIsShown() async {
        let harness = Harness()
        harness.session.start()
        defer { harness.session.stop() }
        await harness.advance(steps: 1, of: .milliseconds(1250))
        harness.session.press("d")
        #expect(harness.session.machine.state.name == "fetching")
    }

    @Test func resetDuringTheSimulatedDownloadCancelsItsTimer() async {
        let harness = Harness()
        harness.session.start()
        defer { harness.session.stop() }
        await harness.fetch()
        harness.session.press("d")
        await harness.advance(steps: 2, of: .milliseconds(2500))
        await harness.clock.waitForSleepers(count: 1)
        harness.session.press("r")
        // The download's sleeper is gone; the only sleeper is the new fetch's.
        await harness.waitFor(.fetching(progress: 0))
        await harness.clock.waitForSleepers(count: 1)
        #expect(harness.clock.sleeperCount == 1)
        await harness.fetch()
        #expect(harness.session.viewModel.button == .enabled)
    }

    @Test func resetDuringARealDownloadLeavesNoStaleProgress() async {
        let gate = Gate()
        let finished = AsyncStream.makeStream(of: Void.self)
        let harness = Harness(
            downloader: StubbornDownloader(gate: gate, fractions: [0.4, 0.8, 1], done: finished.continuation))
        harness.session.start()
        defer { harness.session.stop() }
        await harness.fetch()
        harness.session.press("d")
        gate.release()
        await harness.waitFor(.downloading(progress: 0.4))
        let linesBeforeReset = harness.lines.count

        harness.session.press("r")
        gate.release()
        gate.release()
        var done = finished.stream.makeAsyncIterator()
        await done.next() // the cancelled download has tried to report 0.8 and 1 and is finished

        let afterReset = harness.lines[linesBeforeReset...]
        #expect(afterReset.first == #"state=initial progress=- button=hidden description="""#)
        #expect(afterReset.allSatisfy { !$0.contains("downloading") })
        #expect(harness.session.machine.state == .fetching(progress: 0))
    }

    @Test func aFailedDownloadShowsTheMessageAndCanBeRetried() async {
        let harness = Harness(downloader: FailingDownloader(error: .httpStatus(404, url: "http://127.0.0.1/x")))
        harness.session.start()
        defer { harness.session.stop() }
        await harness.fetch()
        harness.session.press("d")
        await harness.waitFor(.failed(message: "HTTP 404 from http://127.0.0.1/x"))
        #expect(harness.session.viewModel.button == .enabled)
        #expect(harness.session.viewModel.description == "Download failed: HTTP 404 from http://127.0.0.1/x")
        harness.session.press("d")
        #expect(harness.session.machine.state == .downloading(progress: 0))
    }

    @Test func aScriptRunsItsStepsAndStopsAtQuit() async throws {
        let harness = Harness()
        harness.session.start()
        defer { harness.session.stop() }
        // Move the clock through the fetch while the script waits for it.
        let driver = Task { @MainActor in await harness.advance(steps: 4, of: .milliseconds(1250)) }
        try await harness.session.run(script: [.waitFetched, .download, .reset, .quit, .download])
        await driver.value
        #expect(harness.lines.contains { $0.hasPrefix("state=downloading progress=0%") })
        // The script stopped at `q`: the last `d` was never pressed, the reset was.
        #expect(
            harness.lines.last?.hasPrefix("state=initial") == true
                || harness.lines.last?.hasPrefix("state=fetching progress=0%") == true)
    }

    @Test func aWaitThatCannotSucceedFailsNamingTheStep() async {
        let harness = Harness(
            downloader: FailingDownloader(error: .transport("connection refused", url: "http://127.0.0.1:1/")))
        harness.session.start()
        defer { harness.session.stop() }
        await harness.fetch()
        await #expect(
            throws: StenciltownScriptWaitError(
                step: .waitDownloaded, position: 2,
                problem: "the download failed: cannot download http://127.0.0.1:1/: connection refused")
        ) {
            try await harness.session.run(script: [.download, .waitDownloaded])
        }
        await #expect(throws: StenciltownScriptWaitError.self) {
            try await harness.session.run(script: [.waitFetched])
        }
    }
}
