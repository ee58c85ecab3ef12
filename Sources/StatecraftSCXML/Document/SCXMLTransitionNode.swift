/// A `<transition>` element.
public struct SCXMLTransitionNode: Hashable, Sendable {
    /// The transition's `type` attribute.
    public enum TransitionType: String, Hashable, Sendable, CaseIterable {
        /// Exits the source state when the targets are its descendants (the default).
        case external
        /// Does not exit a compound source state when all targets are its descendants.
        case `internal`
    }

    /// The event descriptors of the `event` attribute; empty for an eventless transition.
    public var events: [SCXMLEventDescriptor]
    /// The guard (`cond` attribute), if any.
    public var condition: SCXMLExpression?
    /// The target state ids (`target` attribute); empty for a targetless transition.
    public var targets: [String]
    /// The `type` attribute.
    public var type: TransitionType
    /// The executable content run when the transition is taken.
    public var content: [SCXMLExecutableContent]
    /// Where the element is.
    public var sourceLocation: SCXMLSourceLocation

    /// Creates a transition.
    ///
    /// - Parameters:
    ///   - events: the event descriptors; empty for an eventless transition.
    ///   - condition: the guard.
    ///   - targets: the target ids.
    ///   - type: external (default) or internal.
    ///   - content: executable content.
    ///   - sourceLocation: where the element is.
    public init(
        events: [SCXMLEventDescriptor] = [],
        condition: SCXMLExpression? = nil,
        targets: [String] = [],
        type: TransitionType = .external,
        content: [SCXMLExecutableContent] = [],
        sourceLocation: SCXMLSourceLocation = .unknown
    ) {
        self.events = events
        self.condition = condition
        self.targets = targets
        self.type = type
        self.content = content
        self.sourceLocation = sourceLocation
    }

    /// Whether the transition has no `event` attribute (it is taken without an event when its guard holds).
    public var isEventless: Bool { events.isEmpty }

    /// Whether the transition is enabled by an event name, ignoring its guard.
    ///
    /// - Parameter eventName: the name of the event being processed.
    /// - Returns: `true` if some descriptor matches; always `false` for eventless transitions.
    /// - Complexity: O(*d* · *n*) for *d* descriptors of length *n*.
    public func matches(eventName: String) -> Bool {
        SCXMLEventDescriptor.any(events, matches: eventName)
    }
}
