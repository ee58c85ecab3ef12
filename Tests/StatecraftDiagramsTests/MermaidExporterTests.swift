import Statecraft
import StatecraftDiagrams
import Testing

@Suite("Mermaid exporter")
struct MermaidExporterTests {
    @Test func refreshListUsesGeneratedIdentifiersAndLabels() {
        let text = MermaidExporter().export(Fixtures.refreshListSchema().machineDescription())
        #expect(
            text == """
                stateDiagram-v2
                    direction LR
                    state "List" as s1
                    state "Refreshing" as s2
                    state "Error" as s3

                    [*] --> s1
                    s1 --> s2 : Refresh
                    s2 --> s1 : ShowList
                    s2 --> s3 : ShowError
                    s3 --> s2 : Refresh
                    s3 --> s1 : DismissError

                """)
    }

    @Test func quotesAndGrammarCharactersBecomeEntityCodes() {
        #expect(MermaidExporter.escaped(#"Say "hi""#) == "Say #quot;hi#quot;")
        #expect(MermaidExporter.escaped("a # b; c: d") == "a #35; b#59; c#58; d")
        #expect(MermaidExporter.escaped("%% x {y}") == "#37;#37; x #123;y#125;")
        #expect(MermaidExporter.escaped("<b> & </b>") == "#lt;b#gt; #amp; #lt;/b#gt;")
    }

    @Test func stateTypeMarkersAreBroken() {
        // `[[choice]]` or `<<fork>>` in a state declaration would turn the state into a pseudo-state.
        #expect(MermaidExporter.escaped("[[choice]] <<fork>>") == "#91;[choice]] #lt;#lt;fork#gt;#gt;")
        #expect(MermaidExporter.escaped("[x] [*]") == "[x] [*]")
    }

    @Test func backslashesAndNonASCIIAreKept() {
        #expect(MermaidExporter.escaped(#"back\slash"#) == #"back\slash"#)
        #expect(MermaidExporter.escaped("Café ☕ 日本語") == "Café ☕ 日本語")
    }

    @Test func lineBreaksBecomeBreakTagsAndControlsSpaces() {
        #expect(MermaidExporter.escaped("two\nlines") == "two<br/>lines")
        #expect(MermaidExporter.escaped("a\r\nb") == "a<br/>b")
        #expect(MermaidExporter.escaped("tab\there") == "tab here")
    }

    @Test func reservedWordsCannotEndStatementsOrSetDirection() throws {
        // `direction LR` anywhere on a line would change the layout; its `d` is encoded.
        #expect(MermaidExporter.escaped("direction LR") == "#100;irection LR")
        #expect(MermaidExporter.escaped("Direction") == "#68;irection")
        let text = MermaidExporter().export(try Fixtures.awkward())
        // Labels never become identifiers: `end` and `state` stay inside quotes.
        #expect(text.contains(#"state "end" as s7"#))
        #expect(text.contains(#"state "state" as s8"#))
        #expect(text.contains(#"state " " as s18"#))
    }

    @Test func compositeParallelHistoryAndFinalStates() throws {
        let text = MermaidExporter().export(try Fixtures.mediaPlayer())
        #expect(
            text.contains(
                """
                    state "On" as s2 {
                        state "Playback" as s3 {
                            state "Audio" as s4 {
                                state "Unmuted" as s5
                                state "Muted" as s6
                                state "H" as s7
                                [*] --> s5
                                s5 --> s6 : Toggle mute
                                s6 --> s5 : Toggle mute
                            }
                            --
                            state "Video" as s8 {
                """))
        #expect(text.contains("    state \"H*\" as s11\n        [*] --> s3\n"))
        #expect(text.contains("    s12 --> [*]\n"))
        // Quick start enters Muted and Playing, nested in On: drawn to On, the outermost ancestor.
        #expect(text.contains("    s1 --> s2 : Quick start\n"))
        #expect(text.contains("    s1 --> s2 : Power\n"))
    }
}

extension MermaidExporterTests {
    @Test func regionLoopsStayInTheirSectionAndCrossRegionTransitionsLoopOnTheParallelState() throws {
        let description = try Fixtures.regions()
        #expect(
            MermaidExporter().export(description) == """
                stateDiagram-v2
                    direction LR
                    state "P" as s1 {
                        state "A" as s2 {
                            state "a1" as s3
                            [*] --> s3
                        }
                        s2 --> s2 : x
                        --
                        state "B" as s4 {
                            state "b1" as s5
                            [*] --> s5
                        }
                    }
                    state "out" as s6

                    [*] --> s1
                    s1 --> s1 : y
                    s1 --> s6 : x

                """)
    }
}
