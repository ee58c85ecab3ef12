import Testing

@testable import StatecraftSCXML

/// `<foreach>` (SCXML §4.6) and `<script>` (§5.8) with the ECMAScript subset.
@Suite("foreach and script")
struct ForeachAndScriptTests {
    @Test func foreachIteratesACopyAndDeclaresItsVariables() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="a" expr="[1, 2, 3]"/><data id="sum" expr="0"/></datamodel>
            <state id="s">
              <onentry>
                <foreach array="a" item="x" index="i">
                  <assign location="sum" expr="sum + x * 10 + i"/>
                  <assign location="a" expr="a.concat([9])"/>
                </foreach>
              </onentry>
            </state>
            """)
        let variables = session.snapshot.context.variables
        #expect(variables["sum"] == 63)
        #expect(variables["x"] == 3)
        #expect(variables["i"] == 2)
        #expect(variables["a"] == .array([1, 2, 3, 9, 9, 9]))
    }

    // An item naming a system variable is refused at load (SystemVariableShadowingTests).
    @Test(arguments: [#"array="7" item="x""#, #"array="[1]" item="'continue'""#])
    func aBadArrayOrItemIsErrorExecution(attributes: String) throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="n" expr="0"/></datamodel>
            <state id="s">
              <onentry><foreach \(attributes)><assign location="n" expr="n + 1"/></foreach></onentry>
              <transition event="error.execution" cond="n == 0" target="t"/>
            </state>
            <state id="t"/>
            """)
        #expect(session.snapshot.configuration == ["t"])
    }

    @Test func scriptsDeclareAssignAndRunAtTheStart() throws {
        let session = try TestSupport.session(
            """
            <script>var top = 1; var list = [1, 2]
            list[2] = 3
            </script>
            <datamodel><data id="v" expr="0"/></datamodel>
            <state id="s">
              <onentry><script>
                v += top + 1;
                var o = {a: 1}; o.b = 'x' +
                  'y'
              </script></onentry>
            </state>
            """)
        let variables = session.snapshot.context.variables
        #expect(variables["top"] == 1)
        #expect(variables["list"] == .array([1, 2, 3]))
        #expect(variables["v"] == 2)
        #expect(variables["o"] == .object(SCXMLObject([("a", 1), ("b", "xy")])))
    }

    @Test func aScriptThatNeedsMoreIsALoadErrorNamingTheConstruct() {
        let error = TestSupport.parseError(
            TestSupport.document(
                """
                <script>
                function testobject() { this.bar = 0; }
                </script>
                <state id="s"/>
                """), file: "f.scxml")
        #expect(error?.description.hasPrefix("f.scxml:2:") == true, "\(String(describing: error))")
        #expect(error?.description.contains("'function' statements are not supported") == true)
    }

    @Test func eventDataForeachAndScriptSurviveExport() throws {
        let text = TestSupport.document(
            """
            <script>var a = [1]; a[0] += 2</script>
            <state id="p">
              <onentry>
                <foreach array="a" item="x" index="i"><log expr="x"/></foreach>
                <send event="e" namelist="a"><param name="k" expr="1"/><param name="l" location="a"/></send>
                <send event="f"><content expr="[1, 'b']"/></send>
              </onentry>
              <state id="c"><transition target="f"/></state>
              <final id="f"><donedata><content>7</content></donedata></final>
            </state>
            """)
        let document = try SCXMLParser.parse(string: text)
        let exported = SCXMLExporter().export(document)
        let again = try SCXMLParser.parse(string: exported)
        #expect(again.removingSourceLocations() == document.removingSourceLocations(), "\(exported)")
    }
}
