extension SCXMLDocument {
    /// Every state node (including `<history>` and `<initial>` pseudo-states) in document order,
    /// each parent before its children.
    ///
    /// - Complexity: O(*s*) in the number of states.
    public var allStates: [SCXMLStateNode] {
        var result: [SCXMLStateNode] = []
        func visit(_ node: SCXMLStateNode) {
            result.append(node)
            node.children.forEach(visit)
        }
        states.forEach(visit)
        return result
    }

    /// Every data element of the document in document order: the top-level `<datamodel>` first, then the
    /// states' in the order of ``allStates``. With early binding they are all created at start-up.
    ///
    /// - Complexity: O(*s* + *d*) for *s* states and *d* data elements.
    public var allData: [SCXMLDataNode] {
        data + allStates.flatMap(\.data)
    }

    /// The state node with an id, searched depth-first.
    ///
    /// - Parameter id: the state's id.
    /// - Returns: the node, or `nil` when no state has that id.
    /// - Complexity: O(*s*) in the number of states.
    public func state(withID id: String) -> SCXMLStateNode? {
        func search(_ nodes: [SCXMLStateNode]) -> SCXMLStateNode? {
            for node in nodes {
                if node.id == id {
                    return node
                }
                if let found = search(node.children) {
                    return found
                }
            }
            return nil
        }
        return search(states)
    }

    /// The ids of a state's ancestors, innermost first; empty for a top-level state.
    ///
    /// - Parameter id: the state's id.
    /// - Returns: the ancestors' ids, or `nil` when no state has that id.
    /// - Complexity: O(*s*) in the number of states.
    public func ancestorIDs(of id: String) -> [String]? {
        func search(_ nodes: [SCXMLStateNode], ancestors: [String]) -> [String]? {
            for node in nodes {
                if node.id == id {
                    return ancestors
                }
                if let found = search(node.children, ancestors: [node.id] + ancestors) {
                    return found
                }
            }
            return nil
        }
        return search(states, ancestors: [])
    }
}
