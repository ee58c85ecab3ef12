extension SCXMLDocument {
    /// The expressions the data model cannot evaluate in any state (``SCXMLUnevaluableExpression``), in
    /// document order: unknown variables, unsupported functions and methods.
    ///
    /// A name is known when a `<data>` of the document declares it, a `<script>` declares it with `var`, a
    /// `<foreach>` names it as its `item` or `index` (declared from then on, SCXML §4.6), it is a system
    /// variable (`_event`…), `NaN`, or a parameter or `var` of the function expression it appears in. A
    /// `typeof` of an unknown name is not reported: it evaluates to `'undefined'`. Documents given inline to
    /// `<invoke>` are not searched; they are checked when they are started.
    ///
    /// - Returns: the problems; none for a document of the null data model, whose expressions read no
    ///   variables.
    /// - Complexity: O(*n*) in the size of the document's expressions.
    public func unevaluableExpressions() -> [SCXMLUnevaluableExpression] {
        guard datamodel != .null else { return [] }
        var checker = SCXMLExpressionChecker(declared: declaredNames())
        for script in scripts { checker.check(script) }
        for data in data { checker.check(data) }
        for state in states { checker.check(state) }
        return checker.problems
    }

    /// Every name the document declares: data ids, `<script>` `var`s and `<foreach>` items and indices.
    private func declaredNames() -> Set<String> {
        var names = Set(allData.map(\.id))
        func collect(_ block: [SCXMLExecutableContent]) {
            for content in block {
                switch content {
                case .foreach(let foreach):
                    names.insert(foreach.item)
                    if let index = foreach.index { names.insert(index) }
                    collect(foreach.content)
                case .if(let conditional):
                    conditional.branches.forEach { collect($0.content) }
                    collect(conditional.elseContent ?? [])
                case .script(let script):
                    collect(script)
                default:
                    break
                }
            }
        }
        func collect(_ script: SCXMLScript) {
            for case .declare(let name, _) in script.statements { names.insert(name) }
        }
        scripts.forEach(collect)
        for state in allStates {
            (state.onEntry + state.onExit).forEach(collect)
            state.transitions.forEach { collect($0.content) }
            state.invokes.forEach { collect($0.finalize) }
        }
        return names
    }
}
