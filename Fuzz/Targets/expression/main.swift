import Foundation
import StatecraftSCXML

/// libFuzzer target: the expression language. Text that parses must print (`description`) to text that
/// parses back to the same expression, and evaluating it must end in a value or an `SCXMLExpressionError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    guard let expression = try? SCXMLExpression.parse(text) else { return 0 }
    let printed = expression.description
    guard let again = try? SCXMLExpression.parse(printed), again == expression else {
        fatalError("print → parse is not exact: \(text.debugDescription) printed as \(printed.debugDescription)")
    }
    var environment = SCXMLExpressionEnvironment(
        variables: ["Var1": 1, "x": "text", "b": true, "n": .null, "u": .undefined],
        event: SCXMLEvent("e.f"), sessionName: "fuzz", sessionID: "id"
    ) { $0 == "s1" }
    environment.maximumValueSize = 4_096
    _ = try? environment.evaluate(expression)
    _ = try? environment.evaluateCondition(expression)
    return 0
}
