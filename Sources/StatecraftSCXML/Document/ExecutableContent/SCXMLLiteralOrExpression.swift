/// An attribute pair of `<send>` and `<cancel>` where a value is given either literally (`event="go"`)
/// or as an expression evaluated when the element runs (`eventexpr="'go'"`).
public enum SCXMLLiteralOrExpression<Literal: Hashable & Sendable>: Hashable, Sendable {
    /// The literal attribute (`event`, `target`, `type`, `delay`, `sendid`).
    case literal(Literal)
    /// The expression attribute (`eventexpr`, `targetexpr`, `typeexpr`, `delayexpr`, `sendidexpr`).
    case expression(SCXMLExpression)
}
