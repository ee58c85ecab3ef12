import Statecraft
import StatecraftDiagrams
import Testing

@Suite("PlantUML exporter")
struct PlantUMLExporterTests {
    @Test func refreshListUsesGeneratedIdentifiersAndLabels() {
        let text = PlantUMLExporter().export(Fixtures.refreshListSchema().machineDescription())
        #expect(
            text == """
                @startuml
                hide empty description
                left to right direction
                state "List" as s1
                state "Refreshing" as s2
                state "Error" as s3

                [*] --> s1
                s1 --> s2 : Refresh
                s2 --> s1 : ShowList
                s2 --> s3 : ShowError
                s3 --> s2 : Refresh
                s3 --> s1 : DismissError
                @enduml

                """)
    }

    @Test func quotesAndMarkupBecomeCodePoints() {
        #expect(PlantUMLExporter.escaped(#"Say "hi""#) == "Say <U+0022>hi<U+0022>")
        #expect(PlantUMLExporter.escaped("<b>x</b>") == "<U+003C>b<U+003E>x<U+003C>/b<U+003E>")
        #expect(PlantUMLExporter.escaped("**a** b*c") == "<U+002A><U+002A>a<U+002A><U+002A> b*c")
        #expect(PlantUMLExporter.escaped("show-list --x") == "show-list <U+002D><U+002D>x")
        #expect(PlantUMLExporter.escaped("it's ~[x]") == "it<U+0027>s <U+007E><U+005B>x<U+005D>")
    }

    @Test func backslashesLineBreaksControlsAndNonASCII() {
        #expect(PlantUMLExporter.escaped(#"a\nb"#) == #"a\\nb"#)
        #expect(PlantUMLExporter.escaped("two\nlines") == #"two\nlines"#)
        #expect(PlantUMLExporter.escaped("a\r\nb") == #"a\nb"#)
        #expect(PlantUMLExporter.escaped("tab\there") == "tab here")
        #expect(PlantUMLExporter.escaped("Café ☕ 日本語") == "Café ☕ 日本語")
    }

    @Test func reservedWordsStayInsideQuotes() throws {
        let text = PlantUMLExporter().export(try Fixtures.awkward())
        #expect(text.contains(#"state "@enduml" as s16"#))
        #expect(text.contains(#"state "end" as s7"#))
        #expect(text.hasSuffix("\n@enduml\n"))
        // Only the last line ends the diagram; the label `@enduml` sits after a transition's colon.
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("@") } == ["@startuml", "@enduml"])
        #expect(text.contains("s16 --> s17 : @enduml\n"))
    }

    @Test func compositeParallelHistoryAndFinalStates() throws {
        let text = PlantUMLExporter().export(try Fixtures.mediaPlayer())
        #expect(text.contains("title Media player\n"))
        #expect(
            text.contains(
                """
                state "On" as s2 {
                    state "Playback" as s3 {
                        state "Audio" as s4 {
                            state "Unmuted" as s5
                            state "Muted" as s6
                            state "audioHistory" as s7 <<history>>
                            [*] --> s5
                        }
                        ||
                        state "Video" as s8 {
                """))
        #expect(text.contains("s12 --> [*]\n"))
        #expect(text.contains("s9 -[dashed]-> s9 : Tick\n"))
        // PlantUML cannot link into or out of a parallel region: those ends are lifted to Playback (s3).
        #expect(text.contains("s1 --> s3 : Quick start\ns1 --> s3 : Quick start\n"))
        #expect(text.contains("s3 --> s1 : <U+005B>idle 10 min<U+005D>\n"))
        #expect(text.contains("s10 --> s9 : Play\n"))
    }
}

extension PlantUMLExporterTests {
    @Test func emptyLabelsBecomeASpace() {
        // PlantUML rejects `state "" as s1`.
        #expect(PlantUMLExporter.escaped("") == " ")
    }
}

extension PlantUMLExporterTests {
    @Test func transitionsBetweenRegionsLoopOnTheParallelState() throws {
        let description = try Fixtures.regions()
        let text = PlantUMLExporter().export(description)
        #expect(
            text.hasSuffix(
                """
                [*] --> s1
                s2 -[dashed]-> s2 : x
                s1 --> s1 : y
                s1 --> s6 : x
                @enduml

                """))
    }
}
