import Foundation
import Statecraft
import StatecraftSCXML

/// libFuzzer target: an SCXML document → parsed and validated → a chart → run on a few events.
///
/// Any input may be rejected with an `SCXMLError`; what must never happen is a crash, a trap, a hang or
/// unbounded memory. Set `STATECRAFT_FUZZ_NO_RUN=1` to stop after building the chart.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSCXML(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    guard let document = try? SCXMLParser.parse(data: data, file: "fuzz.scxml") else { return 0 }
    // Every parsed document prints and reads back.
    _ = try? SCXMLParser.parse(string: SCXMLExporter().export(document))
    _ = try? document.machineDescription()
    guard (try? SCXMLChartBuilder().build(document)) != nil else { return 0 }
    if ProcessInfo.processInfo.environment["STATECRAFT_FUZZ_NO_RUN"] == nil,
        // A macrostep bound of 1,000 instead of 10,000: a chart that loops on every event (an `event="*"`
        // transition whose action raises error.execution) would otherwise spend its whole 5 s budget
        // under ASan in ten bounded loops. The bound is what is being checked, not its size.
        let session = try? SCXMLSession(document: document, limits: SCXMLLimits(maximumStepsPerMacrostep: 1_000))
    {
        let events = ["go", "a", "b", "e", "event1", "error", "done.state.s0", "t"]
        session.run(input: events.map(SCXMLRunInput.event) + [.advance(.seconds(10))], eventLimit: 200)
    }
    return 0
}
