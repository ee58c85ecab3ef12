extension SCXMLDocument {
    /// The document with every source location replaced by ``SCXMLSourceLocation/unknown``, for comparing
    /// documents by structure alone (for example a document with its exported and re-parsed copy).
    ///
    /// - Complexity: O(*n*) in the size of the document.
    public func removingSourceLocations() -> SCXMLDocument {
        var copy = self
        copy.sourceLocation = .unknown
        copy.data = data.map(\.withoutSourceLocation)
        copy.states = states.map(\.withoutSourceLocations)
        copy.scripts = scripts.map { script in
            var copy = script
            copy.sourceLocation = .unknown
            return copy
        }
        return copy
    }
}

extension SCXMLDataNode {
    fileprivate var withoutSourceLocation: SCXMLDataNode {
        var copy = self
        copy.sourceLocation = .unknown
        return copy
    }
}

extension SCXMLStateNode {
    fileprivate var withoutSourceLocations: SCXMLStateNode {
        var copy = self
        copy.sourceLocation = .unknown
        copy.data = data.map(\.withoutSourceLocation)
        copy.children = children.map(\.withoutSourceLocations)
        copy.onEntry = onEntry.map { $0.map(\.withoutSourceLocations) }
        copy.onExit = onExit.map { $0.map(\.withoutSourceLocations) }
        copy.invokes = invokes.map { invoke in
            var copy = invoke
            copy.sourceLocation = .unknown
            copy.content = invoke.content?.removingSourceLocations()
            copy.finalize = invoke.finalize.map(\.withoutSourceLocations)
            return copy
        }
        copy.doneData?.params =
            doneData?.params.map { param in
                var copy = param
                copy.sourceLocation = .unknown
                return copy
            } ?? []
        copy.transitions = transitions.map { transition in
            var copy = transition
            copy.sourceLocation = .unknown
            copy.content = transition.content.map(\.withoutSourceLocations)
            return copy
        }
        return copy
    }
}

extension SCXMLExecutableContent {
    fileprivate var withoutSourceLocations: SCXMLExecutableContent {
        switch self {
        case .raise(var raise):
            raise.sourceLocation = .unknown
            return .raise(raise)
        case .send(var send):
            send.sourceLocation = .unknown
            send.params = send.params.map { param in
                var copy = param
                copy.sourceLocation = .unknown
                return copy
            }
            return .send(send)
        case .cancel(var cancel):
            cancel.sourceLocation = .unknown
            return .cancel(cancel)
        case .log(var log):
            log.sourceLocation = .unknown
            return .log(log)
        case .assign(var assign):
            assign.sourceLocation = .unknown
            return .assign(assign)
        case .if(var conditional):
            conditional.sourceLocation = .unknown
            conditional.branches = conditional.branches.map { branch in
                var copy = branch
                copy.sourceLocation = .unknown
                copy.content = branch.content.map(\.withoutSourceLocations)
                return copy
            }
            conditional.elseContent = conditional.elseContent?.map(\.withoutSourceLocations)
            return .if(conditional)
        case .foreach(var foreach):
            foreach.sourceLocation = .unknown
            foreach.content = foreach.content.map(\.withoutSourceLocations)
            return .foreach(foreach)
        case .script(var script):
            script.sourceLocation = .unknown
            return .script(script)
        }
    }
}
