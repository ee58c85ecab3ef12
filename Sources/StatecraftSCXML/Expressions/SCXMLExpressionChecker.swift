/// Walks a document's expressions for ``SCXMLDocument/unevaluableExpressions()``, collecting each name,
/// function and method the evaluator does not know (``SCXMLExpressionEnvironment/functions``,
/// ``SCXMLValueAccess/methods``) as an ``SCXMLUnevaluableExpression``.
struct SCXMLExpressionChecker {
    /// The names the document declares.
    let declared: Set<String>
    /// The problems found so far, in document order.
    var problems: [SCXMLUnevaluableExpression] = []

    mutating func check(_ state: SCXMLStateNode) {
        for data in state.data { check(data) }
        state.onEntry.forEach { check($0) }
        for transition in state.transitions {
            if let condition = transition.condition {
                check(condition, in: #"<transition cond="\#(condition)">"#, at: transition.sourceLocation)
            }
            check(transition.content)
        }
        state.onExit.forEach { check($0) }
        if let doneData = state.doneData { check(doneData, element: "donedata", at: state.sourceLocation) }
        for invoke in state.invokes {
            let at = invoke.sourceLocation
            for case .expression(let expression) in [invoke.type, invoke.source].compactMap({ $0 }) {
                check(expression, in: "<invoke> expression '\(expression)'", at: at)
            }
            for param in invoke.params {
                check(param.expression, in: #"<param name="\#(param.name)" expr="\#(param.expression)">"#, at: at)
            }
            invoke.namelist.forEach { checkLocation($0, in: #"<invoke namelist="\#($0)">"#, at: at) }
            if let location = invoke.idLocation { checkLocation(location, in: "<invoke idlocation>", at: at) }
            if let content = invoke.contentExpression { check(content, in: "<invoke> <content expr>", at: at) }
            check(invoke.finalize)
        }
        state.children.forEach { check($0) }
    }

    mutating func check(_ data: SCXMLDataNode) {
        if let expression = data.expression {
            check(expression, in: #"<data id="\#(data.id)" expr="\#(expression)">"#, at: data.sourceLocation)
        }
    }

    mutating func check(_ script: SCXMLScript) {
        let at = script.sourceLocation
        for statement in script.statements {
            switch statement {
            case .declare(_, let value?): check(value, in: "<script> '\(statement)'", at: at)
            case .declare: break
            case .assign(let location, _, let value):
                check(location, in: "<script> '\(statement)'", at: at)
                check(value, in: "<script> '\(statement)'", at: at)
            case .expression(let expression): check(expression, in: "<script> '\(statement)'", at: at)
            }
        }
    }

    mutating func check(_ block: [SCXMLExecutableContent]) {
        for content in block {
            let at = content.sourceLocation
            switch content {
            case .raise: break
            case .send(let send):
                for case .expression(let expression) in [send.event, send.target, send.type].compactMap({ $0 }) {
                    check(expression, in: "<send> expression '\(expression)'", at: at)
                }
                if case .expression(let expression)? = send.delay {
                    check(expression, in: #"<send delayexpr="\#(expression)">"#, at: at)
                }
                if case .location(let location)? = send.id {
                    checkLocation(location, in: #"<send idlocation="\#(location)">"#, at: at)
                }
                check(send.data, element: "send", at: at)
            case .cancel(let cancel):
                if case .expression(let expression) = cancel.sendID {
                    check(expression, in: #"<cancel sendidexpr="\#(expression)">"#, at: at)
                }
            case .log(let log):
                if let expression = log.expression { check(expression, in: #"<log expr="\#(expression)">"#, at: at) }
            case .if(let conditional):
                for branch in conditional.branches {
                    check(branch.condition, in: #"<if cond="\#(branch.condition)">"#, at: branch.sourceLocation)
                    check(branch.content)
                }
                check(conditional.elseContent ?? [])
            case .assign(let assign):
                checkLocation(assign.location, in: #"<assign location="\#(assign.location)">"#, at: at)
                check(assign.expression, in: #"<assign expr="\#(assign.expression)">"#, at: at)
            case .foreach(let foreach):
                check(foreach.array, in: #"<foreach array="\#(foreach.array)">"#, at: at)
                check(foreach.content)
            case .script(let script):
                check(script)
            }
        }
    }

    mutating func check(_ data: SCXMLEventData, element: String, at: SCXMLSourceLocation) {
        data.namelist.forEach { checkLocation($0, in: #"<\#(element) namelist="\#($0)">"#, at: at) }
        for param in data.params {
            switch param.value {
            case .expression(let expression):
                check(expression, in: #"<param name="\#(param.name)" expr="\#(expression)">"#, at: at)
            case .location(let location):
                checkLocation(location, in: #"<param name="\#(param.name)" location="\#(location)">"#, at: at)
            }
        }
        if case .expression(let expression)? = data.content {
            check(expression, in: #"<content expr="\#(expression)">"#, at: at)
        }
    }

    /// A location written as text (`location`, `namelist`, `idlocation`): its names are checked when it parses;
    /// one that does not is reported by the runtime.
    mutating func checkLocation(_ text: String, in attribute: String, at: SCXMLSourceLocation) {
        if let expression = try? SCXMLExpression.parse(text) {
            check(expression, in: attribute, at: at)
        }
    }

    mutating func check(_ expression: SCXMLExpression, in attribute: String, at: SCXMLSourceLocation) {
        var reasons: [String] = []
        Self.collect(expression, locals: [], into: &reasons, known: declared)
        var reported: Set<String> = []
        for reason in reasons where reported.insert(reason).inserted {
            problems.append(SCXMLUnevaluableExpression(attribute: attribute, reason: reason, sourceLocation: at))
        }
    }

    private static func collect(
        _ expression: SCXMLExpression, locals: Set<String>, into reasons: inout [String], known: Set<String>
    ) {
        func visit(_ expression: SCXMLExpression) { collect(expression, locals: locals, into: &reasons, known: known) }
        switch expression {
        case .literal, .regularExpression:
            break
        case .variable(let name):
            if !known.contains(name) && !locals.contains(name) && !SCXMLExpressionEnvironment.isGlobal(name) {
                reasons.append("unknown variable '\(name)'")
            }
        case .member(let base, _):
            visit(base)
        case .index(let base, let index):
            visit(base)
            visit(index)
        case .call(let name, let arguments):
            if !SCXMLExpressionEnvironment.functions.contains(name) {
                reasons.append("unsupported function '\(name)'")
            }
            arguments.forEach(visit)
        case .method(let base, let name, let arguments):
            visit(base)
            if !SCXMLValueAccess.methods.contains(name) {
                reasons.append("unsupported method '\(name)'")
            }
            arguments.forEach(visit)
        case .array(let elements):
            elements.forEach(visit)
        case .object(let properties):
            properties.forEach { visit($0.value) }
        case .immediateCall(let function, let arguments):
            arguments.forEach(visit)
            var inner = locals.union(function.parameters)
            for case .declare(let name, _) in function.body { inner.insert(name) }
            for statement in function.body {
                collect(statement, locals: inner, into: &reasons, known: known)
            }
        case .unary(.typeOf, .variable):
            break
        case .unary(_, let operand):
            visit(operand)
        case .binary(.instanceOf, let lhs, _):
            visit(lhs)
        case .binary(_, let lhs, let rhs):
            visit(lhs)
            visit(rhs)
        }
    }

    private static func collect(
        _ statement: SCXMLFunctionStatement, locals: Set<String>, into reasons: inout [String], known: Set<String>
    ) {
        switch statement {
        case .declare(_, let value?), .return(let value?), .expression(let value), .assign(_, let value):
            collect(value, locals: locals, into: &reasons, known: known)
        case .if(let condition, let inner):
            collect(condition, locals: locals, into: &reasons, known: known)
            collect(inner, locals: locals, into: &reasons, known: known)
        case .declare, .return:
            break
        }
    }
}
