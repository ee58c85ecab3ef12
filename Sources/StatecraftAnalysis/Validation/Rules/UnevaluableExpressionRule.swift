/// `unevaluable-expression`: an expression the data model cannot evaluate in any state — an unknown variable,
/// an unsupported function or method (`Math.min(attempts + 1, 3)`) — which raises `error.execution` whenever
/// it runs, skipping the rest of its block.
///
/// The rule reads ``ValidationSubject/unevaluableExpressions``, which the machine's loader fills (for SCXML,
/// `SCXMLDocument.unevaluableExpressions()`); it reports nothing for a subject without them.
public struct UnevaluableExpressionRule: ValidationRule {
    public let id = "unevaluable-expression"
    public let summary = "expressions naming unknown variables or unsupported functions"
    public let needsCompleteSpace = false

    /// One expression that cannot be evaluated, as the loader found it.
    public struct Occurrence: Sendable, Hashable {
        /// The element and attribute holding it, with its text: `<assign expr="Math.min(a, 3)">`.
        public var attribute: String
        /// Why it cannot be evaluated: `unknown variable 'Math'`.
        public var reason: String
        /// Where it is written.
        public var location: SourceLocations.Location?

        /// Creates an occurrence.
        ///
        /// - Parameters:
        ///   - attribute: The element and attribute, with the expression's text.
        ///   - reason: Why it cannot be evaluated.
        ///   - location: Where it is written.
        public init(attribute: String, reason: String, location: SourceLocations.Location?) {
            self.attribute = attribute
            self.reason = reason
            self.location = location
        }
    }

    /// Creates the rule.
    public init() {}

    public func findings(in subject: ValidationSubject) -> [ValidationFinding] {
        subject.unevaluableExpressions.map { occurrence in
            ValidationFinding(
                rule: id, severity: .error,
                message: "\(occurrence.attribute) cannot be evaluated: \(occurrence.reason); "
                    + "it raises error.execution whenever it runs",
                location: occurrence.location)
        }
    }
}
