/// One problem a ``ValidationRule`` found: which rule, how serious, a message naming the state,
/// transition or event, and where it is written when the machine came from a file.
///
/// ```swift
/// for finding in MachineValidator().validate(space) { print(finding) }
/// // test.scxml:7:3: warning: state 'lost' is unreachable: no event sequence from the start enters it [unreachable-state]
/// ```
public struct ValidationFinding: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The ``ValidationRule/id`` of the rule that found it.
    public var rule: String
    /// How serious it is.
    public var severity: ValidationSeverity
    /// A sentence naming the offending state, transition or event.
    public var message: String
    /// The state concerned, if any.
    public var state: String?
    /// The transition concerned, as a position in the description's transitions, if any.
    public var transition: Int?
    /// The event concerned, if any.
    public var event: String?
    /// Where the state or transition is written, when known.
    public var location: SourceLocations.Location?

    /// Creates a finding.
    ///
    /// - Parameters:
    ///   - rule: The rule's id.
    ///   - severity: How serious it is.
    ///   - message: The sentence.
    ///   - state: The state concerned.
    ///   - transition: The transition concerned.
    ///   - event: The event concerned.
    ///   - location: Where it is written.
    public init(
        rule: String, severity: ValidationSeverity, message: String, state: String? = nil, transition: Int? = nil,
        event: String? = nil, location: SourceLocations.Location? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.state = state
        self.transition = transition
        self.event = event
        self.location = location
    }

    /// `LOCATION: SEVERITY: MESSAGE [RULE]`, the way compilers print diagnostics.
    public var description: String {
        let place = location.map { "\($0): " } ?? ""
        return "\(place)\(severity.rawValue): \(message) [\(rule)]"
    }
}

/// How serious a ``ValidationFinding`` is.
public enum ValidationSeverity: String, Sendable, Hashable, Codable, CaseIterable {
    /// The machine misbehaves when it gets there (a step that never settles).
    case error
    /// Probably a mistake: something written that can never matter.
    case warning
    /// Information, such as an exploration that stopped at a bound.
    case note
}
