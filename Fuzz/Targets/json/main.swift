import Foundation
import Statecraft
import StatecraftDiagrams
import StatecraftSCXML

/// libFuzzer target: a Statecraft machine JSON file → every exporter (DOT, Mermaid, PlantUML, JSON, SCXML).
///
/// A file may be rejected with a `JSONMachineFormatError`; a file that is accepted must export in every
/// format, and its JSON export must read back to the same machine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONMachine(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    guard let description = try? JSONMachineFormat.decode(data, file: "fuzz.json") else { return 0 }
    for format in [DiagramFormat.dot, .mermaid, .plantuml, .json] {
        _ = try? description.diagram(format)
    }
    let json = JSONMachineFormat.encode(description)
    guard (try? JSONMachineFormat.decode(Data(json.utf8), file: "again.json")) == description else {
        fatalError("the JSON export of an accepted machine does not read back:\n\(json)")
    }
    if let document = try? SCXMLDocument(describing: description) {
        _ = SCXMLExporter().export(document)
    }
    return 0
}
