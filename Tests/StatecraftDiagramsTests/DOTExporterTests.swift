import Statecraft
import StatecraftDiagrams
import Testing

@Suite("DOT exporter")
struct DOTExporterTests {
    @Test func refreshListMatchesTheSeedExactly() {
        let dot = DOTExporter().export(Fixtures.refreshListSchema().machineDescription())
        #expect(dot == Fixtures.seedDOT)
    }

    @Test func quotesAndBackslashesAreEscaped() {
        #expect(DOTExporter.quoted(#"Say "hi""#) == #""Say \"hi\"""#)
        #expect(DOTExporter.quoted(#"a\b"#) == #""a\\b""#)
        #expect(DOTExporter.quoted(#"\n"#) == #""\\n""#)
    }

    @Test func lineBreaksBecomeEscapedNewlines() {
        #expect(DOTExporter.quoted("two\nlines") == #""two\nlines""#)
        #expect(DOTExporter.quoted("a\r\nb") == #""a\nb""#)
        #expect(DOTExporter.quoted("a\rb") == #""a\nb""#)
    }

    @Test func controlCharactersBecomeSpacesAndNonASCIIIsKept() {
        #expect(DOTExporter.quoted("tab\there\u{7}") == #""tab here ""#)
        #expect(DOTExporter.quoted("Café ☕ 日本語") == #""Café ☕ 日本語""#)
    }

    @Test func reservedWordsAreQuoted() throws {
        let dot = DOTExporter().export(try Fixtures.awkward())
        #expect(dot.contains(#"[label="digraph subgraph node edge graph strict"]"#))
        #expect(dot.contains(#"[label=" "]"#) == false)
        #expect(dot.contains(#"[label=""]"#))
    }

    @Test func compoundStatesBecomeClustersWithClippedEdges() throws {
        let dot = DOTExporter().export(try Fixtures.mediaPlayer())
        #expect(dot.contains("graph [rankdir=LR, compound=true, newrank=true]"))
        #expect(dot.contains("subgraph cluster_2 {"))
        #expect(
            dot.contains(
                "    subgraph cluster_3 {\n            label=\"Playback\"\n            style=\"rounded,dashed\""))
        // Off -> On enters On's default leaf (Unmuted, 5) and is clipped at On's cluster.
        #expect(dot.contains(#"1 -> 5 [label="Power", lhead=cluster_2]"#))
        #expect(dot.contains(#"5 -> 1 [label="Power", ltail=cluster_2]"#))
        #expect(dot.contains(#"7 [label="H", shape=circle]"#))
        #expect(dot.contains(#"11 [label="H*", shape=circle]"#))
        #expect(dot.contains(#"12 [label="Ejected", shape=doublecircle]"#))
        #expect(dot.contains(#"9 -> 9 [label="Tick", style=dashed]"#))
        #expect(dot.contains(#"10 -> 1 [label="[idle 10 min]"]"#))
        #expect(dot.contains(#"1 -> 6 [label="Quick start"]"#))
        #expect(dot.contains(#"1 -> 9 [label="Quick start"]"#))
    }
}
