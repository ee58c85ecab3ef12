import Foundation
import Statecraft
import StatecraftDiagrams
import Testing

@Suite("Graphviz renderer")
struct GraphvizRendererTests {
    static var dotIsInstalled: Bool { GraphvizRenderer().dotExecutable != nil }

    @Test func missingDotNamesTheToolAndHowToInstallIt() throws {
        let renderer = GraphvizRenderer(searchPath: [FileManager.default.temporaryDirectory.path])
        let error = #expect(throws: DiagramError.self) {
            try Fixtures.refreshListSchema().machineDescription().diagram(.svg, renderer: renderer)
        }
        let message = try #require(error).description
        #expect(message.hasPrefix("'dot' was not found on PATH"))
        #expect(message.contains("apt-get install graphviz"))
        #expect(message.contains("brew install graphviz"))
    }

    @Test(.enabled(if: dotIsInstalled, "Graphviz's dot is not on PATH"))
    func rendersSVGAndPNG() throws {
        let description = try Fixtures.mediaPlayer()
        let svg = String(decoding: try description.diagram(.svg), as: UTF8.self)
        #expect(svg.contains("<svg"))
        #expect(svg.contains(">Playback</text>"))
        let png = try description.diagram(.png)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test(.enabled(if: dotIsInstalled, "Graphviz's dot is not on PATH"), arguments: GoldenFileTests.machines)
    func everyGoldenMachineRenders(machine: String) throws {
        let svg = String(decoding: try GoldenFileTests.machine(machine).diagram(.svg), as: UTF8.self)
        #expect(svg.contains("</svg>"))
    }

    @Test(.enabled(if: dotIsInstalled, "Graphviz's dot is not on PATH"))
    func dotSyntaxErrorsAreReported() throws {
        let error = #expect(throws: DiagramError.self) {
            try GraphvizRenderer().render("digraph { -> }", as: .svg)
        }
        guard case .toolFailed(let tool, let status, let message) = try #require(error) else {
            Issue.record("expected toolFailed, got \(String(describing: error))")
            return
        }
        #expect(tool == "dot")
        #expect(status != 0)
        #expect(message.contains("syntax error"))
    }

    @Test(.enabled(if: dotIsInstalled, "Graphviz's dot is not on PATH"))
    func awkwardLabelsRenderVerbatim() throws {
        let svg = String(decoding: try Fixtures.awkward().diagram(.svg), as: UTF8.self)
        #expect(svg.contains(">Say &quot;hi&quot;</text>"))
        #expect(svg.contains(#">back\slash \n not a break</text>"#))
        #expect(svg.contains(">Café ☕ 日本語 Ünïcödé</text>"))
        #expect(svg.contains(">two</text>"))
        #expect(svg.contains(">lines</text>"))
    }
}
