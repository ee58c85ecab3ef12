import Foundation
import Statecraft
import StatecraftDiagrams
import StatecraftSCXML
import Testing

/// Every text format of every fixture, compared with the checked-in files in `Golden/`.
@Suite("Golden files")
struct GoldenFileTests {
    static let formats: [DiagramFormat] = [.dot, .mermaid, .plantuml, .json]
    static let machines = ["refresh-list", "media-player", "awkward", "microwave", "chart-player", "regions"]

    static func machine(_ name: String) throws -> MachineDescription {
        switch name {
        case "refresh-list": Fixtures.refreshListSchema().machineDescription(name: "Refresh list")
        case "media-player": try Fixtures.mediaPlayer()
        case "regions": try Fixtures.regions()
        case "chart-player": try ChartFixture.player().machineDescription(name: "Player")
        case "microwave":
            try SCXMLParser.parse(contentsOf: Golden.directory.appendingPathComponent("microwave.scxml"))
                .machineDescription()
        default: try Fixtures.awkward()
        }
    }

    @Test(arguments: machines, formats)
    func matchesGoldenFile(machine: String, format: DiagramFormat) throws {
        let description = try Self.machine(machine)
        let text = String(decoding: try description.diagram(format), as: UTF8.self)
        try Golden.check(text, "\(machine).\(format.fileExtension)")
    }
}
