import Foundation
import Statecraft
import StatecraftDiagrams
import StatecraftSCXML

// Scale benchmark (issue 17): reads every input that Scripts/generate-scale-inputs.py wrote into a directory
// and prints how long importing and building takes, in total and per state, so that linear growth shows as a
// constant per-state cost from 1,000 to 100,000 states.
//
//   python3 Scripts/generate-scale-inputs.py /tmp/scale
//   swift run -c release statecraft-scale /tmp/scale
//
// For .scxml files: parse and validate (SCXMLParser), then build the chart (SCXMLChartBuilder) and start it.
// For .json files: decode (JSONMachineFormat), then export DOT, and SCXML (SCXMLDocument(describing:)). Each is run three times; the best time counts.

let directory = CommandLine.arguments.dropFirst().first ?? "/tmp/scale"
let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
    .filter { $0.hasSuffix(".scxml") || $0.hasSuffix(".json") }
    .sorted { lhs, rhs in
        let size = { (name: String) in Int(name.split(whereSeparator: { !$0.isNumber }).first ?? "") ?? 0 }
        return (size(lhs), lhs) < (size(rhs), rhs)
    }
guard !files.isEmpty else {
    print("no inputs in \(directory); run Scripts/generate-scale-inputs.py \(directory) first")
    exit(1)
}

/// The best of three runs of `body`, in seconds.
func best(_ body: () throws -> Void) rethrows -> Double {
    var fastest = Double.infinity
    for _ in 0..<3 {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        fastest = min(fastest, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
    return fastest
}

func format(_ seconds: Double) -> String { String(format: "%8.3f s", seconds) }
func perState(_ seconds: Double, _ states: Int) -> String { String(format: "%7.2f µs", seconds / Double(states) * 1e6) }

print("| input | states | import | build | total per state |")
print("| --- | ---: | ---: | ---: | ---: |")
for name in files {
    let path = directory + "/" + name
    guard let data = FileManager.default.contents(atPath: path) else { continue }
    do {
        try measure(name, data)
    } catch {
        print("| \(name) | | \(error) | | |")
    }
}

/// Prints the row of one input.
func measure(_ name: String, _ data: Data) throws {
    if name.hasSuffix(".scxml") {
        var limits = SCXMLLimits.default
        limits.maximumDocumentSize = max(limits.maximumDocumentSize, data.count)
        var document = SCXMLDocument()
        let parse = try best { document = try SCXMLParser.parse(data: data, file: name, limits: limits) }
        let states = document.allStates.count
        let build = try best { _ = try SCXMLChartBuilder(limits: limits).build(document).start() }
        print("| \(name) | \(states) | \(format(parse)) | \(format(build)) | \(perState(parse + build, states)) |")
    } else {
        var description: MachineDescription?
        let decode = try best { description = try JSONMachineFormat.decode(data, file: name) }
        guard let description else { return }
        let export = best { _ = DOTExporter().export(description) }
        print(
            "| \(name) | \(description.states.count) | \(format(decode)) | \(format(export)) (DOT) | "
                + "\(perState(decode + export, description.states.count)) |")
        let scxml = try best { _ = SCXMLExporter().export(try SCXMLDocument(describing: description)) }
        print(
            "| \(name) | \(description.states.count) | \(format(decode)) | \(format(scxml)) (SCXML) | "
                + "\(perState(decode + scxml, description.states.count)) |")
    }
}
