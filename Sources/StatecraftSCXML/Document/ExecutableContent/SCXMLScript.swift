/// A `<script>` element: statements of the ECMAScript subset, run in order (SCXML §5.8).
///
/// The statements are `var NAME`, `var NAME = EXPR`, assignments to a location (`x = EXPR`, `o.a += 1`,
/// with `=`, `+=`, `-=`, `*=`, `/=`, `%=`) and expression statements, separated by `;` or line breaks.
/// A script that needs more (functions, loops, `new`) is rejected at load time, naming the construct.
public struct SCXMLScript: Hashable, Sendable {
    /// The statements, in order.
    public var statements: [SCXMLScriptStatement]
    /// Where the element is.
    public var sourceLocation: SCXMLSourceLocation

    /// Creates a script.
    /// - Parameters:
    ///   - statements: the statements.
    ///   - sourceLocation: where the element is.
    public init(statements: [SCXMLScriptStatement], sourceLocation: SCXMLSourceLocation = .unknown) {
        self.statements = statements
        self.sourceLocation = sourceLocation
    }
}

/// One statement of a `<script>`.
public enum SCXMLScriptStatement: Hashable, Sendable {
    /// `var NAME` or `var NAME = EXPR`: declares the variable (or assigns it when it exists).
    case declare(String, SCXMLExpression?)
    /// `LOCATION = EXPR`, or a compound assignment `LOCATION += EXPR` with its operator.
    case assign(SCXMLExpression, SCXMLBinaryOperator?, SCXMLExpression)
    /// An expression evaluated for its errors; its value is dropped.
    case expression(SCXMLExpression)
}

extension SCXMLScriptStatement: CustomStringConvertible {
    /// The statement as source text that the script reader reads back to an equal statement.
    public var description: String {
        switch self {
        case .declare(let name, nil): "var \(name)"
        case .declare(let name, let value?): "var \(name) = \(value)"
        case .assign(let location, let op, let value): "\(location) \(op?.rawValue ?? "")= \(value)"
        case .expression(let expression): expression.description
        }
    }
}
