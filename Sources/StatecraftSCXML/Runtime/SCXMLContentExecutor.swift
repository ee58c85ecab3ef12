import Statecraft

/// Runs blocks of SCXML executable content against a chart's data model and scope: the body of every
/// action of an ``SCXMLChart``.
///
/// Each element runs in document order; the first failure stops the block and is thrown, and the chart
/// raises `error.execution` for it (SCXML §4.9). Changes made before the failure stay.
struct SCXMLContentExecutor: Sendable {
    /// Receives the output of `<log>`.
    let log: @Sendable (SCXMLLogEntry) -> Void
    /// The document's `name`, readable as `_name`.
    let sessionName: String?
    /// The session id, readable as `_sessionid`.
    let sessionID: String
    /// The largest string an expression may produce (``SCXMLLimits/maximumValueSize``).
    var maximumValueSize = SCXMLLimits.default.maximumValueSize
    /// The elements of executable content one macrostep may run (``SCXMLLimits/maximumExecutionSteps``).
    var maximumExecutionSteps = SCXMLLimits.default.maximumExecutionSteps
    /// The bytes of values one macrostep may build (``SCXMLLimits/maximumExecutionBytes``).
    var maximumExecutionBytes = SCXMLLimits.default.maximumExecutionBytes
    /// The Event I/O Processors beside SCXML's own that `<send type>` may name
    /// (`SCXMLContentExecutor+EventProcessors.swift`).
    var eventProcessors: [any SCXMLEventProcessor] = []

    /// The environment expressions are evaluated in: the data model's variables, `_event` from the
    /// signal being processed, `In()` from the configuration; values it builds count against `budget`.
    ///
    /// It holds a copy of `scope` (for `In()`), and with it the events and effects the action asked for so
    /// far: let it go before the scope changes (`send`, `raise`, `cancel`), or each change copies all of
    /// them, and a block of *n* `<send>`s takes O(*n*²).
    func environment(
        _ model: SCXMLDataModel, _ scope: ChartScope<String, SCXMLEvent>, budget: SCXMLExecutionBudget? = nil
    ) -> SCXMLExpressionEnvironment {
        var environment = SCXMLExpressionEnvironment(
            variables: model.variables, event: scope.signal.map { SCXMLContentExecutor.event(for: $0, model) },
            sessionName: sessionName, sessionID: sessionID, isInState: { scope.isActive($0) })
        environment.eventProcessorLocations = eventProcessors.map { processor in
            (processor.type, processor.shortName, processor.location(ofSession: sessionID))
        }
        environment.maximumValueSize = maximumValueSize
        environment.budget = budget
        return environment
    }

    /// The budget left to the macrostep `scope` belongs to (its `actionSteps` and `actionBytes`).
    func budget(_ scope: ChartScope<String, SCXMLEvent>) -> SCXMLExecutionBudget {
        SCXMLExecutionBudget(
            maximumSteps: maximumExecutionSteps, maximumBytes: maximumExecutionBytes, steps: scope.actionSteps,
            bytes: scope.actionBytes)
    }

    /// The `_event` a chart signal stands for; a `done.state.ID` event carries the data its final child's
    /// `<donedata>` gave.
    static func event(for signal: ChartSignal<String, SCXMLEvent>, _ model: SCXMLDataModel) -> SCXMLEvent {
        switch signal {
        case .event(let event): event
        case .done(let id):
            SCXMLEvent("done.state.\(id)", type: .platform, data: model.doneData[id])
        case .error(let error):
            SCXMLEvent(
                eventName(of: signal), type: .platform,
                sendID: (error.underlying as? SCXMLExecutionError)?.sendID,
                data: .string(String(describing: error.underlying)))
        }
    }

    /// The name a signal is matched by: an event's name, `done.state.ID`, or the platform error event the
    /// thrown error raises (`error.execution`, or `error.communication` for an unreachable session).
    static func eventName(of signal: ChartSignal<String, SCXMLEvent>) -> String {
        if case .error(let error) = signal, let executionError = error.underlying as? SCXMLExecutionError {
            return executionError.eventName
        }
        return signal.name(eventName: \.name)
    }

    /// Evaluates a transition's `cond`.
    func condition(
        _ expression: SCXMLExpression, _ model: SCXMLDataModel, _ scope: ChartScope<String, SCXMLEvent>,
        at location: SCXMLSourceLocation
    ) throws(SCXMLExecutionError) -> Bool {
        do {
            return try environment(model, scope).evaluateCondition(expression)
        } catch {
            throw .expression(error, element: "transition", at: location)
        }
    }

    /// Runs one block of executable content within what is left of the macrostep's budget.
    func run(
        _ block: [SCXMLExecutableContent], model: inout SCXMLDataModel, scope: inout ChartScope<String, SCXMLEvent>
    ) throws(SCXMLExecutionError) {
        let budget = budget(scope)
        defer {
            scope.actionSteps = budget.steps
            scope.actionBytes = budget.bytes
        }
        try run(block, model: &model, scope: &scope, budget: budget)
    }

    private func run(
        _ block: [SCXMLExecutableContent], model: inout SCXMLDataModel, scope: inout ChartScope<String, SCXMLEvent>,
        budget: SCXMLExecutionBudget
    ) throws(SCXMLExecutionError) {
        for content in block {
            try run(content, model: &model, scope: &scope, budget: budget)
        }
    }

    private func run(
        _ content: SCXMLExecutableContent, model: inout SCXMLDataModel, scope: inout ChartScope<String, SCXMLEvent>,
        budget: SCXMLExecutionBudget
    ) throws(SCXMLExecutionError) {
        let at = content.sourceLocation
        let element = content.elementName
        func attempt<T>(_ body: () throws(SCXMLExpressionError) -> T) throws(SCXMLExecutionError) -> T {
            do {
                return try body()
            } catch {
                throw .expression(error, element: element, at: at)
            }
        }
        func environment(_ model: SCXMLDataModel, _ scope: ChartScope<String, SCXMLEvent>)
            -> SCXMLExpressionEnvironment
        {
            self.environment(model, scope, budget: budget)
        }
        try attempt { () throws(SCXMLExpressionError) in try budget.spendStep() }
        switch content {
        case .raise(let raise):
            scope.raise(SCXMLEvent(raise.event, type: .internal))
        case .send(let send):
            try perform(send, model: &model, scope: &scope, budget: budget)
        case .cancel(let cancel):
            // The environment is a temporary, gone before the scope changes (see `environment(_:_:)`).
            let id = try attempt { () throws(SCXMLExpressionError) in
                try environment(model, scope).evaluateString(cancel.sendID, attribute: "sendidexpr")
            }
            scope.cancel(id: id)
        case .log(let entry):
            let environment = environment(model, scope)
            let value = try attempt { () throws(SCXMLExpressionError) in
                try entry.expression.map { expression throws(SCXMLExpressionError) in
                    let text = try environment.evaluate(expression).description
                    try budget.spend(bytes: text.utf8.count)
                    return text
                }
            }
            log(SCXMLLogEntry(label: entry.label, value: value, sourceLocation: at))
        case .if(let conditional):
            // The branch is chosen first, so that the environment is gone before its content changes the scope.
            let chosen = try attempt { () throws(SCXMLExpressionError) -> [SCXMLExecutableContent] in
                let environment = environment(model, scope)
                for branch in conditional.branches {
                    if try environment.evaluateCondition(branch.condition) { return branch.content }
                }
                return conditional.elseContent ?? []
            }
            try run(chosen, model: &model, scope: &scope, budget: budget)
        case .assign(let assign):
            var environment = environment(model, scope)
            // The model lets go of its variables while the environment changes them: otherwise the first
            // change copies them all, and a block of n assignments to n variables takes O(n²).
            model.variables = [:]
            defer { model.variables = environment.variables }
            try attempt { () throws(SCXMLExpressionError) in
                let location = try SCXMLExpression.parse(assign.location)
                try environment.assign(try environment.evaluate(assign.expression), to: location)
            }
        case .foreach(let foreach):
            try iterate(foreach, model: &model, scope: &scope, budget: budget)
        case .script(let script):
            try run(script, model: &model, scope: scope, budget: budget)
        }
    }

    /// `<foreach>` (SCXML §4.6): a shallow copy of the array; `item` and `index` declared when they are
    /// not; the content runs for each element until it fails.
    private func iterate(
        _ foreach: SCXMLForeach, model: inout SCXMLDataModel, scope: inout ChartScope<String, SCXMLEvent>,
        budget: SCXMLExecutionBudget
    ) throws(SCXMLExecutionError) {
        let at = foreach.sourceLocation
        func variable(_ text: String) throws(SCXMLExecutionError) -> String {
            let parsed = try? SCXMLExpression.parse(text)
            guard case .variable(let name) = parsed, name != "NaN", name != "Infinity" else {
                throw .expression(.invalidLocation(text), element: "foreach", at: at)
            }
            if SCXMLExpressionEnvironment.systemVariables.contains(name) {
                throw .expression(.readOnlyVariable(name), element: "foreach", at: at)
            }
            return name
        }
        let elements: [SCXMLValue]
        do throws(SCXMLExpressionError) {
            let value = try environment(model, scope, budget: budget).evaluate(foreach.array)
            switch value {
            case .array(let array): elements = array
            case .object(let object): elements = object.properties.map(\.value)
            default: throw .typeMismatch(operator: "foreach", operands: [value.kind])
            }
        } catch {
            throw .expression(error, element: "foreach", at: at)
        }
        let item = try variable(foreach.item)
        let index = try foreach.index.map { text throws(SCXMLExecutionError) in try variable(text) }
        for (position, element) in elements.enumerated() {
            do {
                try budget.spendStep()
            } catch {
                throw .expression(error, element: "foreach", at: at)
            }
            model.variables[item] = element
            if let index {
                model.variables[index] = .number(Double(position))
            }
            try run(foreach.content, model: &model, scope: &scope, budget: budget)
        }
    }

    /// `<script>`: each statement in turn; a failing one stops the script. Without a `budget` (a document's
    /// top-level scripts), it counts against what is left of the macrostep's.
    func run(
        _ script: SCXMLScript, model: inout SCXMLDataModel, scope: ChartScope<String, SCXMLEvent>,
        budget: SCXMLExecutionBudget? = nil
    ) throws(SCXMLExecutionError) {
        var environment = environment(model, scope, budget: budget ?? self.budget(scope))
        model.variables = [:]
        defer { model.variables = environment.variables }
        do throws(SCXMLExpressionError) {
            for statement in script.statements {
                switch statement {
                case .declare(let name, let value):
                    if SCXMLExpressionEnvironment.systemVariables.contains(name) {
                        throw .readOnlyVariable(name)
                    }
                    let initial = try value.map { expression throws(SCXMLExpressionError) in
                        try environment.evaluate(expression)
                    }
                    if let initial {
                        environment.variables[name] = initial
                    } else if environment.variables[name] == nil {
                        environment.variables[name] = .undefined
                    }
                case .assign(let location, let op, let value):
                    var result = try environment.evaluate(value)
                    if let op {
                        result = try environment.evaluate(.binary(op, location, .literal(result)))
                    }
                    try environment.assign(result, to: location)
                case .expression(let expression):
                    _ = try environment.evaluate(expression)
                }
            }
        } catch {
            throw .expression(error, element: "script", at: script.sourceLocation)
        }
    }

    /// The attributes of a `<send>`, evaluated.
    struct SendRequest {
        /// The event's name; `nil` only for a send of another type without one.
        let name: String?
        let target: String?
        let type: String?
        let delay: Duration
        let data: SCXMLValue?
        /// Whether `data` is the `<content>` (else the names and values of `namelist` and `<param>`s).
        let isContent: Bool
        let sendID: String?
    }

    /// `<send>` (SCXML §6.2): evaluates every attribute first, so a failure sends nothing; then puts the
    /// event on the internal queue (`#_internal`) or asks the runtime to deliver it to the external queue,
    /// after its delay.
    private func perform(
        _ send: SCXMLSend, model: inout SCXMLDataModel, scope: inout ChartScope<String, SCXMLEvent>,
        budget: SCXMLExecutionBudget
    ) throws(SCXMLExecutionError) {
        let at = send.sourceLocation
        let request = try evaluate(send, model: &model, scope: scope, budget: budget)
        let (name, target, delay, data, sendID) = (
            request.name, request.target, request.delay, request.data, request.sendID
        )
        func failure(_ error: SCXMLExecutionError) -> SCXMLExecutionError {
            sendID.map { .failedSend(error, sendID: $0) } ?? error
        }
        if let type = request.type, let processor = eventProcessors.first(where: { $0.isNamed(by: type) }) {
            do throws(SCXMLExecutionError) {
                try perform(request, through: processor, at: at, scope: &scope)
            } catch {
                throw failure(error)
            }
            return
        }
        if let type = request.type, type != SCXMLSend.scxmlEventProcessorType, type != "scxml" {
            throw failure(.unsupportedSendType(type, at: at))
        }
        guard let name else { throw failure(.missingEventName(at: at)) }
        let isInternal = target == SCXMLSend.internalTarget
        let route = target.flatMap(SCXMLSendRoute.init(target:))
        if let target, !isInternal, route == nil, target != "#_scxml_\(sessionID)" {
            throw failure(
                target.hasPrefix("#_scxml_")
                    ? .unreachableSession(target, at: at) : .unsupportedSendTarget(target, at: at))
        }
        if isInternal && delay > .zero {
            throw failure(.delayedInternalSend(event: name, at: at))
        }
        if isInternal {
            scope.raise(SCXMLEvent(name, type: .internal, sendID: sendID, data: data))
        } else if let route {
            // To another session (SCXMLSendRoute): after the macrostep, or from the delayed-event queue.
            let event = SCXMLEvent(
                name, type: .external, sendID: sendID, origin: "#_scxml_\(sessionID)",
                originType: SCXMLSend.scxmlEventProcessorType, data: data)
            switch route {
            case _ where delay > .zero: scope.send(route.delayed(event), after: delay, id: sendID)
            case .parent: scope.sendToParent(event)
            case .invocation(let id): scope.send(event, toInvocation: id)
            }
        } else {
            let event = SCXMLEvent(
                name, type: .external, sendID: sendID, origin: "#_scxml_\(sessionID)",
                originType: SCXMLSend.scxmlEventProcessorType, data: data)
            scope.send(event, after: delay, id: sendID)
        }
    }

    /// Evaluates a `<send>`'s attributes and, for `idlocation`, generates its id and stores it. The
    /// environment lives only here: the caller changes the scope afterwards (see `environment(_:_:)`).
    private func evaluate(
        _ send: SCXMLSend, model: inout SCXMLDataModel, scope: ChartScope<String, SCXMLEvent>,
        budget: SCXMLExecutionBudget
    ) throws(SCXMLExecutionError) -> SendRequest {
        let at = send.sourceLocation
        var environment = environment(model, scope, budget: budget)
        let name: String?
        let target: String?
        let type: String?
        let delay: Duration
        let data: SCXMLValue?
        do {
            name = try send.event.map { value throws(SCXMLExpressionError) in
                try environment.evaluateString(value, attribute: "eventexpr")
            }
            target = try send.target.map { value throws(SCXMLExpressionError) in
                try environment.evaluateString(value, attribute: "targetexpr")
            }
            type = try send.type.map { value throws(SCXMLExpressionError) in
                try environment.evaluateString(value, attribute: "typeexpr")
            }
            delay =
                try send.delay.map { value throws(SCXMLExpressionError) in
                    try environment.evaluateDelay(value)
                } ?? .zero
            // The event's data counts against the budget as it is built, so a loop of sends cannot fill the
            // queues and the memory.
            data = try environment.evaluate(send.data)
        } catch {
            throw .expression(error, element: "send", at: at)
        }
        var sendID: String?
        switch send.id {
        case .literal(let id):
            sendID = id
        case .location(let location):
            // Counted on a copy, kept only once the id is stored.
            var counter = SCXMLDataModel()
            counter.generatedSendIDs = model.generatedSendIDs
            guard let id = counter.makeSendID() else { throw .sendIDsExhausted(at: at) }
            // As for `<assign>`: the environment changes the only copy of the variables.
            model.variables = [:]
            defer { model.variables = environment.variables }
            do {
                try environment.assign(.string(id), to: location)
            } catch {
                throw .expression(error, element: "send", at: at)
            }
            model.generatedSendIDs = counter.generatedSendIDs
            sendID = id
        case nil:
            sendID = nil
        }
        return SendRequest(
            name: name, target: target, type: type, delay: delay, data: data, isContent: send.content != nil,
            sendID: sendID)
    }
}

extension SCXMLContentExecutor {
    /// Evaluates a `<final>`'s `<donedata>` into ``SCXMLDataModel/doneData`` for the `done.state.PARENT`
    /// event its entry raises; on failure the event carries no data and `error.execution` is raised first.
    func evaluateDoneData(
        _ data: SCXMLEventData, parent: String, at location: SCXMLSourceLocation, model: inout SCXMLDataModel,
        scope: ChartScope<String, SCXMLEvent>
    ) throws(SCXMLExecutionError) {
        model.doneData[parent] = nil
        do {
            model.doneData[parent] = try environment(model, scope).evaluate(data)
        } catch {
            throw .expression(error, element: "donedata", at: location)
        }
    }
}
