import StenciltownKit
import Testing

/// The view model is computed from the state alone and drives the button, the bar and the script lines.
@Suite("Stenciltown view model")
struct StenciltownViewModelTests {
    @Test(arguments: [
        (StenciltownState.initial, #"state=initial progress=- button=hidden description="""#),
        (.fetching(progress: 0.25), #"state=fetching progress=25% button=hidden description="Fetching description…""#),
        (.fetched(description: "It’s a bunny"), #"state=fetched progress=- button=enabled description="It’s a bunny""#),
        (.downloading(progress: 0.4), #"state=downloading progress=40% button=disabled description="Downloading…""#),
        (.downloaded, #"state=downloaded progress=- button=disabled description="Isn’t it cute?""#),
        (
            .failed(message: "HTTP 404 from x"),
            #"state=failed progress=- button=enabled description="Download failed: HTTP 404 from x""#
        ),
    ])
    func eachStateHasItsLine(state: StenciltownState, line: String) {
        #expect(StenciltownViewModel(state: state).line == line)
    }

    @Test func downloadIsOnlyPressableWhenEnabled() {
        #expect(StenciltownViewModel(state: .fetched(description: "x")).downloadEvent == .download)
        #expect(StenciltownViewModel(state: .failed(message: "x")).downloadEvent == .download)
        #expect(StenciltownViewModel(state: .downloading(progress: 0.5)).downloadEvent == nil)
        #expect(StenciltownViewModel(state: .initial).downloadEvent == nil)
    }

    @Test func percentRoundsDownAndClamps() {
        #expect(StenciltownViewModel(state: .downloading(progress: 0.999)).percent == 99)
        #expect(StenciltownViewModel(state: .downloading(progress: 1.5)).percent == 100)
        #expect(StenciltownViewModel(state: .downloading(progress: -1)).percent == 0)
    }

    @Test func theTerminalRendererDrawsButtonAndBar() {
        let renderer = StenciltownTerminalRenderer(barWidth: 10)
        let downloading = renderer.lines(for: StenciltownViewModel(state: .downloading(progress: 0.4)))
        #expect(downloading.contains("[ Download ] (disabled)"))
        #expect(downloading.contains("[####......]  40%"))
        let fetched = renderer.lines(for: StenciltownViewModel(state: .fetched(description: "It’s a bunny")))
        #expect(fetched.contains("[ Download ]"))
        #expect(fetched.contains { $0.hasPrefix("[#") || $0.hasPrefix("[.") } == false)
        #expect(renderer.lines(for: StenciltownViewModel(state: .initial)).count == fetched.count)
    }
}
