import Statecraft

extension SCXMLSessionSnapshot {
    /// The ways this snapshot's SCXML parts do not fit `document`, in the order of the snapshot's members;
    /// empty when they fit. The chart's configuration and history are checked by
    /// `StateMachine(chart:restoring:)`.
    ///
    /// - Parameter document: the document whose session the snapshot claims to be.
    /// - Returns: the problems found.
    /// - Complexity: O(*s* + *v* + *k*) in the states of the document, the variables and the waiting events.
    func problems(for document: SCXMLDocument) -> [SCXMLSnapshotProblem] {
        var problems: [SCXMLSnapshotProblem] = []
        let model = chart.context
        for data in document.allData where model.variables[data.id] == nil {
            problems.append(.missingVariable(data.id))
        }
        for name in model.variables.keys.sorted() where SCXMLExpressionEnvironment.systemVariables.contains(name) {
            problems.append(.systemVariable(name))
        }
        // The next generated id is `generatedSendIDs + 1`, which must not overflow.
        let counterRange = 0...(Int.max - 1)
        if !counterRange.contains(model.generatedSendIDs) {
            problems.append(.counterOutOfRange("generatedSendIDs", value: model.generatedSendIDs, range: counterRange))
        }
        let stateIDs = Set(document.allStates.map(\.id))
        // The top-level data model is bound under "", an invoking session's parameters under "#parameters".
        for scope in model.boundScopes.sorted()
        where !(scope.isEmpty || scope == "#parameters" || stateIDs.contains(scope)) {
            problems.append(.unknownScope(scope, member: "boundScopes"))
        }
        // A top-level final state's data is kept under "".
        for key in model.doneData.keys.sorted() where !(key.isEmpty || stateIDs.contains(key)) {
            problems.append(.unknownScope(key, member: "doneData"))
        }
        if nowNanoseconds < 0 {
            problems.append(.timeOutOfRange("nowNanoseconds", nanoseconds: nowNanoseconds))
        }
        for (position, waiting) in chart.delayedEvents.enumerated() where waiting.remainingNanoseconds < 0 {
            problems.append(
                .timeOutOfRange(
                    "the remaining time of delayed event \(position + 1) ('\(waiting.event.name)')",
                    nanoseconds: waiting.remainingNanoseconds))
        }
        return problems
    }
}
