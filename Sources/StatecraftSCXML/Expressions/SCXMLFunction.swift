/// A function expression of the subset, which may only be called at once:
/// `(function(str, starts) {if (starts === '') return true; return str.slice(0, starts.length) === starts})(a, b)`.
///
/// Its body is statements separated by `;`: `if (COND) STATEMENT`, `return`, `return EXPR`, `var NAME`,
/// `var NAME = EXPR`, `NAME = EXPR` for a parameter or a `var` of the body, and expression statements.
/// Functions are not values: a function expression that is not called at once is a load error.
public struct SCXMLFunction: Hashable, Sendable, CustomStringConvertible {
    /// The parameters' names.
    public var parameters: [String]
    /// The body's statements.
    public var body: [SCXMLFunctionStatement]

    /// Creates a function.
    /// - Parameters:
    ///   - parameters: the parameters' names.
    ///   - body: the statements.
    public init(parameters: [String], body: [SCXMLFunctionStatement]) {
        self.parameters = parameters
        self.body = body
    }

    /// The function as source text: `function(a, b) {return a + b}`.
    public var description: String {
        "function(\(parameters.joined(separator: ", "))) {\(body.map(\.description).joined(separator: "; "))}"
    }
}

/// One statement of a ``SCXMLFunction``'s body.
public indirect enum SCXMLFunctionStatement: Hashable, Sendable, CustomStringConvertible {
    /// `var NAME` or `var NAME = EXPR`: a local variable.
    case declare(String, SCXMLExpression?)
    /// `NAME = EXPR`: assigns a parameter or local variable.
    case assign(String, SCXMLExpression)
    /// `if (COND) STATEMENT`.
    case `if`(SCXMLExpression, SCXMLFunctionStatement)
    /// `return` or `return EXPR`: ends the call with the value (`undefined` without one).
    case `return`(SCXMLExpression?)
    /// An expression evaluated for its errors.
    case expression(SCXMLExpression)

    /// The statement as source text.
    public var description: String {
        switch self {
        case .declare(let name, nil): "var \(name)"
        case .declare(let name, let value?): "var \(name) = \(value)"
        case .assign(let name, let value): "\(name) = \(value)"
        case .if(let condition, let statement): "if (\(condition)) \(statement)"
        case .return(nil): "return"
        case .return(let value?): "return \(value)"
        case .expression(let expression): expression.description
        }
    }
}
