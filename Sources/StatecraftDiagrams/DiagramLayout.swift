import Statecraft

/// Lookups the exporters share: state numbers, children, labels and the node that stands for a state
/// drawn as a container.
struct DiagramLayout {
    let description: MachineDescription
    /// 1-based position of every state in document order.
    let number: [String: Int]
    private let statesByID: [String: StateDescription]
    private let childrenByParent: [String: [StateDescription]]
    private let eventLabels: [String: String]
    /// ``representative(of:)`` of every container, computed once: walking down from each container made
    /// deep machines quadratic.
    private let representatives: [String: String]

    /// Nesting levels past which exporters stop indenting, so that the output of a deep machine grows
    /// linearly with its size instead of with the square of its depth.
    static let maximumIndentationLevels = 8

    /// Four spaces per level up to ``maximumIndentationLevels``.
    ///
    /// - Parameter depth: the nesting level.
    /// - Returns: the indentation.
    static func indentation(_ depth: Int) -> String {
        String(repeating: "    ", count: min(depth, maximumIndentationLevels))
    }

    init(_ description: MachineDescription) {
        self.description = description
        var number: [String: Int] = [:]
        var statesByID: [String: StateDescription] = [:]
        var children: [String: [StateDescription]] = [:]
        for (index, state) in description.states.enumerated() {
            number[state.id] = index + 1
            statesByID[state.id] = state
            if let parent = state.parent { children[parent, default: []].append(state) }
        }
        self.number = number
        self.statesByID = statesByID
        self.childrenByParent = children
        self.eventLabels = Dictionary(description.events.map { ($0.id, $0.label) }, uniquingKeysWith: { a, _ in a })
        // Descendants come after their ancestors (a parent is declared before its children), so in reverse
        // order every child's representative is known before its parent's.
        var representatives: [String: String] = [:]
        for state in description.states.reversed() {
            guard let kids = children[state.id], let first = kids.first else { continue }
            let defaultChild =
                state.kind == .compound
                ? state.initialChild ?? kids.first { !$0.kind.isHistory }?.id
                : nil
            let next = defaultChild ?? first.id
            representatives[state.id] = representatives[next] ?? next
        }
        self.representatives = representatives
    }

    /// The top-level states, in order.
    var topLevelStates: [StateDescription] { description.states.filter { $0.parent == nil } }

    /// The state `id`; the description is valid, so every identifier it uses exists.
    func state(_ id: String) -> StateDescription {
        guard let state = statesByID[id] else {
            preconditionFailure("Internal inconsistency: state '\(id)' is not in a validated description")
        }
        return state
    }

    /// The 1-based number of state `id`.
    func index(_ id: String) -> Int { number[id] ?? 0 }

    /// The direct children of `id`, in order.
    func children(of id: String) -> [StateDescription] { childrenByParent[id] ?? [] }

    /// Whether `id` is drawn as a container of other states.
    func isContainer(_ id: String) -> Bool { !children(of: id).isEmpty }

    /// The child a compound state enters by default: its initial child, or its first non-history child.
    func defaultChild(of id: String) -> String? {
        let state = state(id)
        guard state.kind == .compound else { return nil }
        if let initial = state.initialChild { return initial }
        return children(of: id).first { !$0.kind.isHistory }?.id
    }

    /// The innermost state drawn as a node that stands for `id`: `id` itself when it has no children,
    /// otherwise (recursively) its default child or first child.
    func representative(of id: String) -> String {
        representatives[id] ?? id
    }

    /// Whether `id` is `ancestor` or one of its descendants.
    func isWithin(_ id: String, _ ancestor: String) -> Bool {
        var current: String? = id
        while let state = current {
            if state == ancestor { return true }
            current = statesByID[state]?.parent
        }
        return false
    }

    /// The ancestor chain of `id`, from the top-level state down to `id` itself.
    func path(to id: String) -> [String] {
        var chain: [String] = []
        var current: String? = id
        while let state = current {
            chain.append(state)
            current = statesByID[state]?.parent
        }
        return chain.reversed()
    }

    /// The label of event `id`.
    func eventLabel(_ id: String) -> String { eventLabels[id] ?? id }

    /// The text of a transition: its event's label, `after` its delay for a delayed transition
    /// (`idleTimeout after 5 min`), then its condition in brackets.
    func label(of transition: TransitionDescription) -> String {
        var parts: [String] = []
        if let event = transition.event { parts.append(eventLabel(event)) }
        if let delay = transition.delay { parts.append("after " + Self.text(of: delay)) }
        if let condition = transition.condition { parts.append("[\(condition)]") }
        return parts.joined(separator: " ")
    }

    /// A delay as diagrams print it: `2 h`, `5 min`, `30 s`, `250 ms`, or seconds with up to three
    /// decimals (`1.5 s`).
    static func text(of delay: Duration) -> String {
        let (seconds, attoseconds) = delay.components
        if attoseconds == 0 {
            if seconds > 0, seconds % 3600 == 0 { return "\(seconds / 3600) h" }
            if seconds > 0, seconds % 60 == 0 { return "\(seconds / 60) min" }
            return "\(seconds) s"
        }
        let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
        if seconds == 0, attoseconds % attosecondsPerMillisecond == 0 {
            return "\(attoseconds / attosecondsPerMillisecond) ms"
        }
        let milliseconds = (Double(seconds) * 1000 + Double(attoseconds) / 1e15).rounded()
        let fraction = String(Int64(milliseconds) % 1000)
        var text =
            String(Int64(milliseconds) / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + " s"
    }
}
