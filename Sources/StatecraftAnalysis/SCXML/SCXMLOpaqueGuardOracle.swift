import Statecraft
import StatecraftSCXML

/// Stands in for the opaque guards of an SCXML document (`cond="statecraft.guard('hasItems')"`,
/// ``SCXMLOpaqueGuard``) while it is explored: each guard name becomes a data-model variable the chart reads
/// as its condition, and each step is tried with every value of the variables its outcome may depend on, so
/// that an opaque guard is "may be true or false", never false.
///
/// A step depends on the guards of the active states' transitions and of every eventless transition (which
/// may run after any event). At most ``maximumBranchingGuards`` of them are tried both ways per step (the
/// first in document order); the others hold false. At start every guard holds false.
struct SCXMLOpaqueGuardOracle: Sendable {
    /// How many opaque guards one step tries both ways: 2¹⁰ = 1,024 macrosteps per event at most.
    static let maximumBranchingGuards = 10

    /// The variable standing for each guard name, in document order of first use.
    let variables: [String]
    /// The guards (indices of ``variables``) on each state's transitions.
    private let guardsBySource: [String: [Int]]
    /// The guards on eventless transitions.
    private let eventlessGuards: [Int]

    /// An oracle for no guard: the document is explored as it is.
    static let none = SCXMLOpaqueGuardOracle(variables: [], guardsBySource: [:], eventlessGuards: [])

    /// Rewrites `document`'s opaque guards into reads of variables it declares, and remembers where each
    /// guard is.
    ///
    /// - Parameter document: The document as parsed.
    /// - Returns: The oracle and the document to build the chart from (`document` itself without opaque
    ///   guards).
    static func rewriting(_ document: SCXMLDocument) -> (oracle: SCXMLOpaqueGuardOracle, document: SCXMLDocument) {
        var variableByName: [String: Int] = [:]
        var variables: [String] = []
        var guardsBySource: [String: [Int]] = [:]
        var eventless: [Int] = []
        var taken = Set(document.allData.map(\.id))
        func rewrite(_ node: SCXMLStateNode) -> SCXMLStateNode {
            var node = node
            for index in node.transitions.indices {
                guard let condition = node.transitions[index].condition,
                    let name = SCXMLOpaqueGuard.name(in: condition)
                else { continue }
                let number: Int
                if let known = variableByName[name] {
                    number = known
                } else {
                    var variable = "_statecraft_guard_\(variables.count)"
                    while taken.contains(variable) { variable += "_" }
                    taken.insert(variable)
                    number = variables.count
                    variableByName[name] = number
                    variables.append(variable)
                }
                node.transitions[index].condition = .variable(variables[number])
                if !guardsBySource[node.id, default: []].contains(number) {
                    guardsBySource[node.id, default: []].append(number)
                }
                if node.transitions[index].events.isEmpty, !eventless.contains(number) { eventless.append(number) }
            }
            node.children = node.children.map(rewrite)
            return node
        }
        var rewritten = document
        rewritten.states = document.states.map(rewrite)
        if !variables.isEmpty {
            rewritten.datamodel = .ecmascript
            rewritten.data += variables.map { SCXMLDataNode(id: $0, expression: .literal(.boolean(false))) }
        }
        return (
            SCXMLOpaqueGuardOracle(variables: variables, guardsBySource: guardsBySource, eventlessGuards: eventless),
            rewritten
        )
    }

    /// Every outcome of stepping `node` with `step`, over the values of the guards it may depend on;
    /// duplicates (same configuration, same transitions) once. Each result holds every guard false again.
    func steps(
        _ node: SCXMLSnapshot, key: (SCXMLSnapshot) -> some Hashable,
        step: (SCXMLSnapshot) -> (node: SCXMLSnapshot, step: StateSpaceEdge)?
    ) -> [(node: SCXMLSnapshot, step: StateSpaceEdge)] {
        var relevant = eventlessGuards
        for state in node.configuration {
            for number in guardsBySource[state] ?? [] where !relevant.contains(number) { relevant.append(number) }
        }
        relevant.sort()
        relevant = Array(relevant.prefix(Self.maximumBranchingGuards))
        var results: [(node: SCXMLSnapshot, step: StateSpaceEdge)] = []
        var seen: Set<AnyHashable> = []
        for valuation in 0..<(1 << relevant.count) {
            var context = node.context
            for (bit, number) in relevant.enumerated() {
                context.variables[variables[number]] = .boolean(valuation >> bit & 1 == 1)
            }
            guard let result = step(node._replacingContext(context)) else { continue }
            let next = withGuardsFalse(result.node)
            guard seen.insert(AnyHashable([AnyHashable(key(next)), AnyHashable(result.step.transitions)])).inserted
            else { continue }
            results.append((next, result.step))
        }
        return results
    }

    /// `node` with every guard's variable false.
    func withGuardsFalse(_ node: SCXMLSnapshot) -> SCXMLSnapshot {
        var context = node.context
        for variable in variables { context.variables[variable] = .boolean(false) }
        return node._replacingContext(context)
    }
}
