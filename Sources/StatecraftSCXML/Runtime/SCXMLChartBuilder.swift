import Statecraft

/// Turns an ``SCXMLDocument`` into an ``SCXMLChart`` that runs on Statecraft's chart engine.
///
/// ```swift
/// let document = try SCXMLParser.parse(contentsOf: url)
/// let chart = try SCXMLChartBuilder().build(document)
/// let snapshot = chart.start()
/// snapshot.configuration // ["s0", "s01"]
/// ```
///
/// Each SCXML element maps to a chart element: `<state>`, `<parallel>`, `<final>` and `<history>` to states
/// of the same kind, `<initial>` to the parent's initial targets and initial action, `<transition>` to a
/// transition whose trigger matches SCXML event descriptors against ``SCXMLEvent`` names (including the
/// engine's `done.state.ID` and `error.execution`), `<onentry>`/`<onexit>` blocks to entry and exit
/// actions. A compound state without `initial` starts in its first child state in document order, and
/// the document in its first state. Executable content runs through the expression language; every
/// failure raises `error.execution`. Data elements are bound when the chart starts (`binding="early"`) or
/// when their state is first entered (`binding="late"`).
public struct SCXMLChartBuilder: Sendable {
    /// Receives the output of every `<log>` element.
    public var log: @Sendable (SCXMLLogEntry) -> Void
    /// The value of `_sessionid`.
    public var sessionID: String
    /// The limits: the document's depth and number of states are checked before building, and no string
    /// value may grow past ``SCXMLLimits/maximumValueSize`` at run time (`error.execution` instead).
    public var limits: SCXMLLimits
    /// The Event I/O Processors beside SCXML's own that `<send type>` may name (``SCXMLEventProcessor``);
    /// none by default, so that such a send is `error.execution`.
    public var eventProcessors: [any SCXMLEventProcessor] = []
    /// Values an invoking session passes (`<param>`, `namelist`): bound after the top-level data, over it.
    var parameters: [String: SCXMLValue] = [:]
    /// How deep the session running the chart is nested by `<invoke>`: 0 for a top-level session.
    var invocationDepth = 0

    /// Creates a builder.
    ///
    /// - Parameters:
    ///   - sessionID: the value of `_sessionid`.
    ///   - limits: the limits (``SCXMLLimits/default`` unless given).
    ///   - log: receives the output of `<log>`; by default it is dropped.
    public init(
        sessionID: String = "statecraft", limits: SCXMLLimits = .default,
        log: @escaping @Sendable (SCXMLLogEntry) -> Void = { _ in }
    ) {
        self.sessionID = sessionID
        self.limits = limits
        self.log = log
    }

    /// Builds the chart of a document.
    ///
    /// - Parameter document: a parsed (hence validated) document.
    /// - Returns: the chart; its initial context declares every data element as `undefined` until the
    ///   chart starts and binds them.
    /// - Throws: ``SCXMLError/limitExceeded(_:limit:at:)`` for a document deeper or larger than ``limits``,
    ///   ``SCXMLError/invalidStructure(element:reason:at:)`` when the chart engine
    ///   rejects the structure.
    /// - Complexity: O(*n* × *d*) in the size of the document and its depth.
    public func build(_ document: SCXMLDocument) throws(SCXMLError) -> SCXMLChart {
        try document.checkLimits(limits)
        var executor = SCXMLContentExecutor(
            log: log, sessionName: document.name, sessionID: sessionID,
            maximumValueSize: limits.maximumValueSize)
        executor.maximumExecutionSteps = limits.maximumExecutionSteps
        executor.maximumExecutionBytes = limits.maximumExecutionBytes
        executor.eventProcessors = eventProcessors
        let allData = document.allData
        var conversion = Conversion(document: document, allData: allData, executor: executor)
        conversion.parameters = parameters
        conversion.limits = limits
        conversion.invocationDepth = invocationDepth
        var elements: [ChartElement<String, SCXMLEvent, SCXMLDataModel>] = []
        for node in document.states where !node.isPseudoState {
            elements.append(try conversion.element(for: node, parent: nil))
        }
        var variables: [String: SCXMLValue] = [:]
        for data in allData {
            variables[data.id] = .undefined
        }
        let initial =
            document.initial.isEmpty
            ? document.states.first { !$0.isPseudoState }.map { [$0.id] } ?? []
            : document.initial
        do {
            return try SCXMLChart(initial: initial, context: SCXMLDataModel(variables: variables), elements: elements)
                .macrostepBound(max(1, limits.maximumStepsPerMacrostep))
        } catch {
            throw .invalidStructure(element: "scxml", reason: error.description, at: document.sourceLocation)
        }
    }
}

extension SCXMLChartBuilder {
    typealias Element = ChartElement<String, SCXMLEvent, SCXMLDataModel>
    typealias Action = ChartAction<String, SCXMLEvent, SCXMLDataModel>

    /// The state of one conversion: the document and the executor its actions share.
    fileprivate struct Conversion {
        let document: SCXMLDocument
        /// `document.allData`, collected once: collecting it for each top-level state made building
        /// quadratic in the number of states.
        let allData: [SCXMLDataNode]
        let executor: SCXMLContentExecutor
        /// The invoking session's `<param>` and `namelist` values.
        var parameters: [String: SCXMLValue] = [:]
        /// The limits, which invoked documents inherit.
        var limits = SCXMLLimits.default
        /// The depth of the session running the chart (``SCXMLChartBuilder/invocationDepth``).
        var invocationDepth = 0

        mutating func element(for node: SCXMLStateNode, parent: String?) throws(SCXMLError) -> Element {
            let isTopLevel = parent == nil
            var children: [Element] = []
            if let binding = bindingAction(for: node, isTopLevel: isTopLevel) {
                children.append(.entry(binding))
            }
            for block in node.onEntry {
                try checkSupported(block)
                children.append(.entry(action(block)))
            }
            if let doneData = node.doneData {
                let executor = self.executor
                let location = node.sourceLocation
                // A top-level final's data is the invoking session's `done.invoke` data, kept under "".
                let parent = parent ?? ""
                children.append(
                    .entry { model, scope throws(SCXMLExecutionError) in
                        try executor.evaluateDoneData(
                            doneData, parent: parent, at: location, model: &model, scope: scope)
                    })
            }
            for block in node.onExit {
                try checkSupported(block)
                children.append(.exit(action(block)))
            }
            for transition in node.transitions {
                children.append(try self.transition(transition))
            }
            children += SCXMLChartBuilder.invokeElements(
                of: node, in: document, executor: executor, limits: limits, depth: invocationDepth)
            for child in node.children where child.kind != .initial {
                children.append(try element(for: child, parent: node.id))
            }
            switch node.kind {
            case .state:
                var initial: [String]?
                var initialAction: Action?
                if let initialChild = node.initialChild, let transition = initialChild.transitions.first {
                    try checkSupported(transition.content)
                    initial = transition.targets
                    initialAction = transition.content.isEmpty ? nil : action(transition.content)
                } else if !node.initial.isEmpty {
                    initial = node.initial
                } else if let first = node.childStates.first {
                    // SCXML §3.3: without `initial`, the first child state in document order.
                    initial = [first.id]
                }
                return .state(node.id, initial: initial, initialAction: initialAction, children: children)
            case .parallel:
                return .parallel(node.id, children: children)
            case .final:
                return .final(node.id, children: children)
            case .history(let type):
                let transition = node.transitions.first
                try checkSupported(transition?.content ?? [])
                return .history(
                    node.id, depth: type == .deep ? .deep : .shallow, defaultTargets: transition?.targets,
                    defaultAction: transition.flatMap { $0.content.isEmpty ? nil : action($0.content) })
            case .initial:
                preconditionFailure("Internal inconsistency: <initial> is converted with its parent")
            }
        }

        /// The entry action binding data elements: with early binding, the whole document's on the first
        /// entry of any top-level state (the chart's start); with late binding, the top-level data model
        /// at the start and each state's own on its first entry.
        func bindingAction(for node: SCXMLStateNode, isTopLevel: Bool) -> Action? {
            var scopes: [(id: String, data: [SCXMLDataNode])] = []
            switch document.binding {
            case .early:
                if isTopLevel && !allData.isEmpty { scopes.append(("", allData)) }
            case .late:
                if isTopLevel && !document.data.isEmpty { scopes.append(("", document.data)) }
                if !node.data.isEmpty { scopes.append((node.id, node.data)) }
            }
            // SCXML 1.0 §6.4: a value whose name no data element of the child declares is not bound.
            let declared = Set(allData.map(\.id))
            let parameters = isTopLevel ? self.parameters.filter { declared.contains($0.key) } : [:]
            let scripts = isTopLevel ? document.scripts : []
            if scopes.isEmpty && scripts.isEmpty && parameters.isEmpty { return nil }
            let executor = self.executor
            let bindings = scopes
            return { model, scope throws(SCXMLExecutionError) in
                var firstError: SCXMLExecutionError?
                for (id, data) in bindings where !model.boundScopes.contains(id) {
                    model.boundScopes.insert(id)
                    var environment = executor.environment(model, scope)
                    for element in data {
                        do throws(SCXMLExpressionError) {
                            try environment.declare(element)
                        } catch {
                            firstError = firstError ?? .expression(error, element: "data", at: element.sourceLocation)
                        }
                    }
                    model.variables = environment.variables
                }
                // SCXML 1.0 §6.4: the invoking session's values replace those of the data elements.
                if !parameters.isEmpty, !model.boundScopes.contains("#parameters") {
                    model.boundScopes.insert("#parameters")
                    for (name, value) in parameters { model.variables[name] = value }
                }
                // The document's scripts run once, after its data is bound (SCXML §5.8).
                if !scripts.isEmpty, !model.boundScopes.contains(Self.scriptScope) {
                    model.boundScopes.insert(Self.scriptScope)
                    for script in scripts {
                        do throws(SCXMLExecutionError) {
                            try executor.run(script, model: &model, scope: scope)
                        } catch {
                            firstError = firstError ?? error
                        }
                    }
                }
                if let firstError { throw firstError }
            }
        }

        /// The key in ``SCXMLDataModel/boundScopes`` recording that the document's scripts ran.
        static let scriptScope = "<script>"

        func action(_ block: [SCXMLExecutableContent]) -> Action {
            let executor = self.executor
            return { model, scope throws(SCXMLExecutionError) in
                try executor.run(block, model: &model, scope: &scope)
            }
        }

        func transition(_ node: SCXMLTransitionNode) throws(SCXMLError) -> Element {
            try checkSupported(node.content)
            var trigger: ChartTrigger<String, SCXMLEvent>?
            if !node.events.isEmpty {
                let descriptors = node.events
                trigger = ChartTrigger(label: descriptors.map(\.description).joined(separator: " ")) { signal in
                    SCXMLEventDescriptor.any(descriptors, matches: SCXMLContentExecutor.eventName(of: signal))
                }
            }
            var guardCondition: ChartGuard<String, SCXMLEvent, SCXMLDataModel>?
            if let condition = node.condition {
                let executor = self.executor
                let location = node.sourceLocation
                guardCondition = { model, scope throws(SCXMLExecutionError) in
                    try executor.condition(condition, model, scope, at: location)
                }
            }
            return .transition(
                on: trigger, targets: node.targets, kind: node.type == .internal ? .internal : .external,
                when: guardCondition, action: node.content.isEmpty ? nil : action(node.content))
        }

        /// Rejects what the runtime cannot do faithfully yet, rather than skipping it.
        func checkSupported(_ block: [SCXMLExecutableContent]) throws(SCXMLError) {
            for content in block {
                switch content {
                case .if(let conditional):
                    for branch in conditional.branches { try checkSupported(branch.content) }
                    try checkSupported(conditional.elseContent ?? [])
                default:
                    break
                }
            }
        }
    }
}
