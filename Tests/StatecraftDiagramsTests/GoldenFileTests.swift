import Statecraft
import StatecraftDiagrams
import Testing

/// Every text format of every fixture, compared with the checked-in files in `Golden/`.
@Suite("Golden files")
struct GoldenFileTests {
    static let formats: [DiagramFormat] = [.dot, .mermaid, .plantuml, .json]
    static let machines = ["refresh-list", "media-player", "awkward"]

    static func machine(_ name: String) throws -> MachineDescription {
        switch name {
        case "refresh-list": Fixtures.refreshListSchema().machineDescription(name: "Refresh list")
        case "media-player": try Fixtures.mediaPlayer()
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
