extension ChartTables {
    /// A state collected from the definition before targets are resolved.
    private struct RawNode {
        var id: StateID?
        var declaredKind: ChartElement<StateID, Event, Context>.StateKind?
        var parent: Int
        var end = 0
        var initial: [StateID]?
        var initialAction: ChartAction<StateID, Event, Context>?
        var transitions: [ChartElement<StateID, Event, Context>.TransitionSpec] = []
        // Boxed as they are collected: an array of bare closures stores them at the most general
        // abstraction, and every call of one taken back out of it then goes through two reabstraction
        // thunks.
        var entries: [Action] = []
        var exits: [Action] = []
        var childStates: [Int] = []
        var historyChildren: [Int] = []
        var invokeCount = 0
    }

    /// Compiles and validates a chart definition.
    ///
    /// - Parameters:
    ///   - initial: The chart's initial targets.
    ///   - elements: The top-level states, in document order.
    /// - Throws: ``ChartError`` naming the first offending state.
    /// - Complexity: O(*n* × *d*) in the number of states and transitions and the depth of the chart.
    static func build(
        initial: [StateID], elements: [ChartElement<StateID, Event, Context>]
    ) throws(ChartError<StateID>) -> ChartTables {
        var nodes = [RawNode(id: nil, declaredKind: nil, parent: -1, initial: initial)]
        var stateIndex: [StateID: Int] = [:]
        var delayIDs: Set<String> = []
        var timerCount: Int32 = 0

        // Pass 1: number the states in document order (pre-order), collect their content.
        func collect(_ elements: [ChartElement<StateID, Event, Context>], into parent: Int)
            throws(ChartError<StateID>)
        {
            for element in elements {
                switch element.kind {
                case .state(let spec):
                    if case .final = nodes[parent].declaredKind, let id = nodes[parent].id {
                        throw .invalidFinalContent(id)
                    }
                    if case .final = spec.kind, case .parallel = nodes[parent].declaredKind {
                        throw .finalInParallel(spec.id)
                    }
                    let index = nodes.count
                    if stateIndex[spec.id] != nil { throw .duplicateState(spec.id) }
                    stateIndex[spec.id] = index
                    nodes.append(
                        RawNode(
                            id: spec.id, declaredKind: spec.kind, parent: parent,
                            initial: spec.initial, initialAction: spec.initialAction))
                    if case .history = spec.kind {
                        nodes[parent].historyChildren.append(index)
                    } else {
                        nodes[parent].childStates.append(index)
                    }
                    try collect(spec.children, into: index)
                    nodes[index].end = nodes.count
                case .transition(let spec):
                    guard parent != 0 else { throw .contentOutsideState("a transition") }
                    if case .final = nodes[parent].declaredKind, let id = nodes[parent].id {
                        throw .invalidFinalContent(id)
                    }
                    nodes[parent].transitions.append(spec)
                case .entry(let action):
                    guard parent != 0 else { throw .contentOutsideState("an entry action") }
                    nodes[parent].entries.append(Action(action))
                case .exit(let action):
                    guard parent != 0 else { throw .contentOutsideState("an exit action") }
                    nodes[parent].exits.append(Action(action))
                case .delayed(let delayed, var transition):
                    let delay = delayed.delay
                    guard parent != 0, let stateID = nodes[parent].id else {
                        throw .contentOutsideState("a delayed transition")
                    }
                    if case .final = nodes[parent].declaredKind { throw .invalidFinalContent(stateID) }
                    // Send the timer event on entry, cancel it on exit: it only fires while the state
                    // stays active. A derived id names the state and the event, not positions, so that it
                    // survives edits elsewhere in the chart.
                    let sendID: String
                    if let givenID = delayed.id {
                        guard delayIDs.insert(givenID).inserted else {
                            throw .duplicateDelayID(givenID, state: stateID)
                        }
                        sendID = givenID
                    } else {
                        let base = "statecraft.after.\(stateID).\(transition.trigger?.label ?? "")"
                        var candidate = base
                        var suffix = 2
                        while !delayIDs.insert(candidate).inserted {
                            candidate = "\(base).\(suffix)"
                            suffix += 1
                        }
                        sendID = candidate
                    }
                    transition.delay = (delay, sendID)
                    let timer = ChartTimer(index: timerCount, event: delayed.event, delay: delay, id: sendID)
                    timerCount += 1
                    nodes[parent].entries.append(Action(delayed.makeSend(sendID), timer: (timer, true)))
                    nodes[parent].exits.append(Action({ _, scope in scope.cancel(id: sendID) }, timer: (timer, false)))
                    nodes[parent].transitions.append(transition)
                case .invoke(let invocation):
                    guard parent != 0, let stateID = nodes[parent].id else {
                        throw .contentOutsideState("an invocation")
                    }
                    if case .final = nodes[parent].declaredKind { throw .invalidFinalContent(stateID) }
                    // Start on entry, cancel on exit: the runtime starts it after the macrostep unless the
                    // state was left again meanwhile (SCXML 1.0 §D.2 `invoke`, `cancelInvoke`).
                    let started =
                        invocation.id.isEmpty
                        ? invocation.withID("\(stateID).invoke.\(nodes[parent].invokeCount)") : invocation
                    nodes[parent].invokeCount += 1
                    let id = started.id
                    nodes[parent].entries.append(
                        Action { _, scope in scope.appendEffect(.invocation(.start(started))) })
                    nodes[parent].exits.append(Action { _, scope in scope.appendEffect(.invocation(.cancel(id: id))) })
                }
            }
        }
        try collect(elements, into: 0)
        nodes[0].end = nodes.count
        guard nodes.count > 1 else { throw .emptyChart }

        // Pass 2: the kind of each state.
        var kinds: [NodeKind] = []
        kinds.reserveCapacity(nodes.count)
        for node in nodes {
            switch node.declaredKind {
            case nil: kinds.append(.root)
            case .state?: kinds.append(node.childStates.isEmpty ? .atomic : .compound)
            case .parallel?: kinds.append(node.childStates.isEmpty ? .atomic : .parallel)
            case .final?: kinds.append(.final)
            case .history(let depth)?: kinds.append(.history(depth))
            }
        }

        func resolve(_ target: StateID, from source: StateID?) throws(ChartError<StateID>) -> Int {
            guard let index = stateIndex[target] else { throw .unknownTarget(source: source, target: target) }
            return index
        }
        func isDescendant(_ state: Int, of ancestor: Int) -> Bool {
            state > ancestor && state < nodes[ancestor].end
        }

        // Pass 3: transitions, in document order of their source, then initial and default transitions.
        var transitions: [Transition] = []
        var annotations: [TransitionAnnotation] = []
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(nodes.count)
        for (index, node) in nodes.enumerated() {
            let start = transitions.count
            for spec in node.transitions {
                var targets: [Int] = []
                for target in spec.targets { targets.append(try resolve(target, from: node.id)) }
                transitions.append(
                    Transition(
                        source: index, trigger: spec.trigger, targets: targets,
                        isInternal: spec.kind == .internal, guardCondition: spec.guardCondition,
                        action: spec.action))
                annotations.append(TransitionAnnotation(guardName: spec.guardName, delay: spec.delay))
            }
            ranges.append(start..<transitions.count)
        }

        var initialTransitions = [Int](repeating: -1, count: nodes.count)
        for (index, node) in nodes.enumerated() {
            var targets: [Int] = []
            switch kinds[index] {
            case .root, .compound:
                // SCXML 1.0 §3.3: the initial targets must be proper descendants of the state.
                guard let initial = node.initial, !initial.isEmpty else {
                    if let id = node.id { throw .missingInitialChild(id) }
                    throw .emptyChart
                }
                for target in initial {
                    guard let resolved = stateIndex[target] else {
                        if let id = node.id { throw .unknownTarget(source: id, target: target) }
                        throw .unknownTarget(source: nil, target: target)
                    }
                    guard isDescendant(resolved, of: index) else {
                        throw .invalidInitialChild(state: node.id, target: target)
                    }
                    if case .history = kinds[resolved], nodes[resolved].parent == 0 {
                        throw .misplacedHistory(target)
                    }
                    targets.append(resolved)
                }
            case .history:
                // SCXML 1.0 §3.10: a history state is a child of a compound or parallel state, and its
                // default transition targets descendants of that parent.
                guard let id = node.id else { preconditionFailure("Internal inconsistency: history without id") }
                let parent = node.parent
                guard kinds[parent] == .compound || kinds[parent] == .parallel else {
                    throw .misplacedHistory(id)
                }
                if let defaults = node.initial {
                    for target in defaults {
                        let resolved = try resolve(target, from: id)
                        guard isDescendant(resolved, of: parent) else {
                            throw .invalidHistoryDefault(history: id, target: target)
                        }
                        targets.append(resolved)
                    }
                } else if kinds[parent] == .compound {
                    for target in nodes[parent].initial ?? [] { targets.append(try resolve(target, from: id)) }
                } else {
                    targets = nodes[parent].childStates
                }
            case .atomic, .final, .parallel:
                if let id = node.id, kinds[index] != .parallel, node.initial.map({ !$0.isEmpty }) == true {
                    throw .initialOnAtomicState(id)
                }
                if kinds[index] != .parallel, let history = node.historyChildren.first, let id = nodes[history].id {
                    throw .misplacedHistory(id)
                }
                continue
            }
            initialTransitions[index] = transitions.count
            transitions.append(
                Transition(
                    source: index, trigger: nil, targets: targets, isInternal: false, guardCondition: nil,
                    action: node.initialAction))
            annotations.append(TransitionAnnotation())
        }

        let parents = nodes.map(\.parent)
        let ends = nodes.map(\.end)
        var actions: [Action] = []
        var entryActionRanges: [Range<Int>] = []
        var exitActionRanges: [Range<Int>] = []
        for node in nodes {
            let entryStart = actions.count
            actions.append(contentsOf: node.entries)
            entryActionRanges.append(entryStart..<actions.count)
            let exitStart = actions.count
            actions.append(contentsOf: node.exits)
            exitActionRanges.append(exitStart..<actions.count)
        }
        return ChartTables(
            ids: nodes.map(\.id), kinds: kinds, parents: parents, ends: ends,
            childStates: nodes.map(\.childStates), historyChildren: nodes.map(\.historyChildren),
            transitionRanges: ranges, initialTransitions: initialTransitions,
            actions: actions, entryActionRanges: entryActionRanges, exitActionRanges: exitActionRanges,
            transitions: transitions, annotations: annotations, stateIndex: stateIndex, plans: []
        ).withPlans()
    }
}
