extension SCXMLDocument {
    /// Checks a document built in code against the structural limits the parser enforces on documents it
    /// reads: ``SCXMLLimits/maximumNestingDepth`` (counting `<scxml>` as 1, each state, each block of
    /// executable content and each `<if>` as one level), ``SCXMLLimits/maximumStates`` and
    /// ``SCXMLLimits/maximumDataElements``.
    ///
    /// ``SCXMLDocumentValidator`` and ``SCXMLChartBuilder`` run it first, so that their recursion is
    /// bounded whatever the document's origin.
    ///
    /// - Parameter limits: the limits.
    /// - Throws: ``SCXMLError/limitExceeded(_:limit:at:)`` at the first state or `<if>` beyond a limit.
    /// - Complexity: O(*n*) in the number of states and executable content elements; it uses no recursion.
    public func checkLimits(_ limits: SCXMLLimits = .default) throws(SCXMLError) {
        var pending: [(state: SCXMLStateNode, depth: Int)] = states.reversed().map { ($0, 2) }
        var count = 0
        var dataCount = 0
        func countData(_ data: [SCXMLDataNode]) throws(SCXMLError) {
            dataCount += data.count
            if dataCount > limits.maximumDataElements {
                let excess = data[data.count - (dataCount - limits.maximumDataElements)]
                throw .limitExceeded(.dataElements, limit: limits.maximumDataElements, at: excess.sourceLocation)
            }
        }
        try countData(data)
        while let (state, depth) = pending.popLast() {
            try countData(state.data)
            count += 1
            if count > limits.maximumStates {
                throw .limitExceeded(.states, limit: limits.maximumStates, at: state.sourceLocation)
            }
            if depth > limits.maximumNestingDepth {
                throw .limitExceeded(.nestingDepth, limit: limits.maximumNestingDepth, at: state.sourceLocation)
            }
            let blocks = state.onEntry + state.onExit + state.transitions.map(\.content)
            for block in blocks {
                try Self.checkDepth(of: block, startingAt: depth + 2, limits: limits)
            }
            pending += state.children.reversed().map { ($0, depth + 1) }
        }
    }

    /// Checks the nesting of `<if>` in a block whose elements are at `depth`.
    private static func checkDepth(
        of block: [SCXMLExecutableContent], startingAt depth: Int, limits: SCXMLLimits
    ) throws(SCXMLError) {
        var pending = block.map { ($0, depth) }
        while let (content, depth) = pending.popLast() {
            guard case .if(let conditional) = content else { continue }
            if depth > limits.maximumNestingDepth {
                throw .limitExceeded(.nestingDepth, limit: limits.maximumNestingDepth, at: conditional.sourceLocation)
            }
            for branch in conditional.branches {
                pending += branch.content.map { ($0, depth + 1) }
            }
            pending += (conditional.elseContent ?? []).map { ($0, depth + 1) }
        }
    }
}
