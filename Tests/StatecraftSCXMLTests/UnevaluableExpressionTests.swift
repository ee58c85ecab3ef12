import Testing

@testable import StatecraftSCXML

/// `SCXMLDocument.unevaluableExpressions()`: the names and calls the data model cannot evaluate, found at load.
@Suite("Unevaluable expressions")
struct UnevaluableExpressionTests {
    static func problems(_ body: String) throws -> [String] {
        try SCXMLParser.parse(string: TestSupport.document(body), file: "chart.scxml").unevaluableExpressions()
            .map(\.description)
    }

    @Test func unknownNamesFunctionsAndMethodsAreReportedWithTheirLine() throws {
        let problems = try Self.problems(
            """
            <datamodel><data id="attempts" expr="0"/></datamodel>
            <state id="s">
              <onentry>
                <assign location="attempts" expr="Math.min(attempts + 1, 3)"/>
                <log expr="parseInt('1')"/>
                <assign location="missing.field" expr="1"/>
              </onentry>
            </state>
            """)
        #expect(
            problems == [
                #"chart.scxml:5:5: <assign expr="Math.min(attempts + 1, 3)">: unknown variable 'Math'"#,
                #"chart.scxml:5:5: <assign expr="Math.min(attempts + 1, 3)">: unsupported method 'min'"#,
                #"chart.scxml:6:5: <log expr="parseInt('1')">: unsupported function 'parseInt'"#,
                #"chart.scxml:7:5: <assign location="missing.field">: unknown variable 'missing'"#,
            ])
    }

    @Test func declaredAndSystemNamesAreKnown() throws {
        let problems = try Self.problems(
            """
            <datamodel><data id="list" expr="[1, 2]"/></datamodel>
            <script>var counter = 0</script>
            <state id="s">
              <onentry>
                <foreach array="list" item="each" index="position">
                  <assign location="counter" expr="counter + each + position"/>
                </foreach>
                <log expr="each + _event.name + _sessionid + _name + _ioprocessors.scxml.location + NaN"/>
                <log expr="typeof undeclared === 'undefined' &amp;&amp; list instanceof Array &amp;&amp; In('s')"/>
                <log expr="(function(a) {var b = a; return b.toString()})(1).indexOf(String(Number(Boolean(1))))"/>
              </onentry>
              <transition cond="list.join(',').split(',').concat([]).slice(0).length > 1" target="s"/>
            </state>
            """)
        #expect(problems == [])
    }

    /// The lists the check reads name exactly what the evaluator provides.
    @Test func theKnownFunctionsAndMethodsAreTheEvaluatorsOwn() throws {
        let environment = SCXMLExpressionEnvironment()
        for function in SCXMLExpressionEnvironment.functions {
            #expect(throws: Never.self) { try environment.evaluate(.call(function, [.literal("s")])) }
        }
        #expect(throws: SCXMLExpressionError.unknownFunction("parseInt")) {
            try environment.evaluate(.call("parseInt", [.literal("1")]))
        }
        for method in SCXMLValueAccess.methods {
            let onString = try? environment.evaluate(.method(.literal("a,b"), method, [.literal(",")]))
            let onArray = try? environment.evaluate(.method(.literal(.array([1])), method, [.literal(",")]))
            #expect(onString != nil || onArray != nil, "\(method)")
        }
        #expect(throws: SCXMLExpressionError.unknownMethod("push", of: .array)) {
            try environment.evaluate(.method(.literal(.array([1])), "push", [.literal(2)]))
        }
    }

    @Test func theNullDataModelHasNoVariablesToReport() throws {
        let document = try SCXMLParser.parse(
            string: TestSupport.document(
                #"<state id="s"><transition cond="In('s')" target="s"/></state>"#, attributes: #"datamodel="null""#))
        #expect(document.unevaluableExpressions() == [])
    }
}
