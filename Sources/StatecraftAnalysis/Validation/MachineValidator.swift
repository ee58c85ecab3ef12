/// Runs ``ValidationRule``s over a machine's explored ``StateSpace``.
///
/// ```swift
/// let findings = MachineValidator().validate(StateSpace.explore(chart))
/// let unreachable = MachineValidator(rules: [UnreachableStateRule()]).validate(space)
/// ```
///
/// Rules that report an absence (``ValidationRule/needsCompleteSpace``) are skipped when exploration
/// stopped at a bound, since what was not explored may exist; a note says so instead.
public struct MachineValidator: Sendable {
    /// The rules run, in order.
    public var rules: [any ValidationRule]

    /// Every rule this module has, in the order their findings are reported.
    public static let allRules: [any ValidationRule] = [
        UnreachableStateRule(), TrapStateRule(), UnhandledEventRule(), ShadowedTransitionRule(),
        ConflictingRegionsRule(), UnrecordedHistoryRule(), UnreachedFinalStateRule(), EventlessCycleRule(),
        UnevaluableExpressionRule(),
    ]

    /// Creates a validator.
    ///
    /// - Parameter rules: The rules to run; all of them by default.
    public init(rules: [any ValidationRule] = MachineValidator.allRules) {
        self.rules = rules
    }

    /// Creates a validator running the rules with the given identifiers.
    ///
    /// - Parameter ids: Rule identifiers, such as `unreachable-state`.
    /// - Throws: ``UnknownValidationRuleError`` naming an identifier no rule has.
    public init(ruleIDs ids: [String]) throws(UnknownValidationRuleError) {
        var chosen: [any ValidationRule] = []
        for id in ids {
            guard let rule = Self.allRules.first(where: { $0.id == id }) else {
                throw UnknownValidationRuleError(id: id, known: Self.allRules.map(\.id))
            }
            chosen.append(rule)
        }
        rules = chosen
    }

    /// The findings of every rule.
    ///
    /// - Parameter subject: The space and what is known about the machine.
    /// - Returns: The findings, rule by rule.
    /// - Complexity: The sum of the rules' costs; at most O(*t* · *e* · *k*) for *t* transitions, *e* edges and
    ///   *k* transitions per step.
    public func validate(_ subject: ValidationSubject) -> [ValidationFinding] {
        var findings: [ValidationFinding] = []
        let skipped = subject.space.isComplete ? [] : rules.filter(\.needsCompleteSpace).map(\.id)
        if !skipped.isEmpty {
            findings.append(
                ValidationFinding(
                    rule: "incomplete-exploration", severity: .note,
                    message: "\(subject.space.summary); rules that need the whole space were skipped: "
                        + skipped.joined(separator: ", ")))
        }
        for rule in rules where subject.space.isComplete || !rule.needsCompleteSpace {
            findings += rule.findings(in: subject)
        }
        return findings
    }

    /// The findings of every rule over a space without source locations.
    ///
    /// - Parameter space: The explored space.
    /// - Returns: The findings.
    public func validate(_ space: StateSpace) -> [ValidationFinding] {
        validate(ValidationSubject(space: space))
    }
}

/// A rule identifier that no ``ValidationRule`` has.
public struct UnknownValidationRuleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The identifier asked for.
    public let id: String
    /// The identifiers that exist.
    public let known: [String]

    /// `unknown rule 'x'; the rules are: …`.
    public var description: String {
        "unknown rule '\(id)'; the rules are: \(known.joined(separator: ", "))"
    }
}
