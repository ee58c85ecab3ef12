import Foundation
import Statecraft

extension SCXMLChartBuilder {
    /// The chart elements of a state's `<invoke>` elements: an entry action that evaluates the invoke and
    /// asks the runtime to start it after the macrostep, and an exit action cancelling it. `depth` is the
    /// invocation depth of the session running the chart (``SCXMLChartBuilder/invocationDepth``).
    static func invokeElements(
        of node: SCXMLStateNode, in document: SCXMLDocument, executor: SCXMLContentExecutor, limits: SCXMLLimits,
        depth: Int
    ) -> [Element] {
        var elements: [Element] = []
        for (index, invoke) in node.invokes.enumerated() {
            // SCXML 1.0 §6.4.1: a generated id is `stateid.platformid`.
            let invokeID = invoke.id ?? "\(node.id).invoke\(index)"
            let start = InvokeStart(
                invoke: invoke, invokeID: invokeID, baseFile: document.sourceLocation.file, executor: executor,
                limits: limits, depth: depth)
            elements.append(.entry { model, scope in try start.run(model: &model, scope: &scope) })
            elements.append(.exit { _, scope in scope.cancelInvocation(id: invokeID) })
        }
        return elements
    }

    /// Starting one `<invoke>`: evaluated when its state is entered, started after the macrostep.
    struct InvokeStart: Sendable {
        let invoke: SCXMLInvoke
        let invokeID: String
        let baseFile: String?
        let executor: SCXMLContentExecutor
        let limits: SCXMLLimits
        /// The invocation depth of the session whose chart holds the `<invoke>`; its child runs one deeper.
        let depth: Int
        /// The child chart built last, reused while its document and parameters stay the same.
        let cache = SCXMLChildChartCache()

        func run(model: inout SCXMLDataModel, scope: inout ChartScope<String, SCXMLEvent>) throws {
            let at = invoke.sourceLocation
            // Checked first: a document that invokes itself would otherwise nest sessions until the stack ends.
            guard depth < limits.maximumInvocationDepth else {
                throw SCXMLInvocationError.tooDeep(limit: limits.maximumInvocationDepth, at: at)
            }
            var environment = executor.environment(model, scope)
            func evaluate(_ value: SCXMLLiteralOrExpression<String>?, _ attribute: String) throws -> String? {
                switch value {
                case .literal(let text): return text
                case .expression(let expression):
                    do {
                        return try environment.evaluate(expression).description
                    } catch {
                        throw SCXMLInvocationError.evaluation("\(attribute): \(error)", at: at)
                    }
                case nil: return nil
                }
            }
            if let type = try evaluate(invoke.type, "typeexpr"), !SCXMLInvoke.scxmlTypes.contains(type) {
                throw SCXMLInvocationError.unsupportedType(type, at: at)
            }
            if let location = invoke.idLocation {
                do {
                    try environment.assign(.string(invokeID), to: location)
                } catch {
                    throw SCXMLInvocationError.evaluation("idlocation: \(error)", at: at)
                }
                model.variables = environment.variables
            }
            var parameters: [String: SCXMLValue] = [:]
            for name in invoke.namelist {
                guard let value = model.variables[name] else {
                    throw SCXMLInvocationError.evaluation("namelist names '\(name)', which is not declared", at: at)
                }
                parameters[name] = value
            }
            for param in invoke.params {
                do {
                    parameters[param.name] = try environment.evaluate(param.expression)
                } catch {
                    throw SCXMLInvocationError.evaluation("<param name=\"\(param.name)\">: \(error)", at: at)
                }
            }
            let (child, key) = try childDocument(
                source: try evaluate(invoke.source, "srcexpr"), environment: environment)
            func build() throws(SCXMLInvocationError) -> SCXMLChart {
                let parentLog = self.executor.log
                let logID = self.invokeID
                var builder = SCXMLChartBuilder(sessionID: "\(self.executor.sessionID).\(logID)", limits: limits) {
                    entry in
                    // Prefixed with the invoke id, so that `statecraft run --log` tells sessions apart.
                    var entry = entry
                    entry.invokeID = entry.invokeID.map { "\(logID)/\($0)" } ?? logID
                    parentLog(entry)
                }
                builder.parameters = parameters
                builder.invocationDepth = self.depth + 1
                do throws(SCXMLError) {
                    return try builder.build(child)
                } catch {
                    throw SCXMLInvocationError.invalidChild(error.description, at: at)
                }
            }
            let chart: SCXMLChart
            if let key {
                chart = try cache.chart(for: key, parameters: parameters) { try build() }
            } else {
                chart = try build()
            }
            let invokeID = self.invokeID
            let block = invoke.finalize
            let executor = self.executor
            let runBlock: ChartAction<String, SCXMLEvent, SCXMLDataModel> = { model, scope in
                try executor.run(block, model: &model, scope: &scope)
            }
            let finalize = block.isEmpty ? nil : runBlock
            let maximumSessions = limits.maximumInvokedSessions
            scope.invoke(
                ChartInvocation(id: invokeID, autoforward: invoke.autoforward, in: SCXMLChart.self) { host in
                    let tree = host.context as? SCXMLInvocationTree
                    // Every session under one top-level session shares its tree: a document that invokes
                    // itself twice would otherwise start 2^depth sessions.
                    if let tree, tree.children.count >= maximumSessions {
                        let refusal = SCXMLInvocationError.tooManySessions(limit: maximumSessions, at: at)
                        host.sendToParent(SCXMLEvent.executionError(message: refusal.description))
                        return SCXMLRefusedInvocation()
                    }
                    return SCXMLChildSession(
                        chart: chart, invokeID: invokeID, host: host, tree: tree, finalize: finalize)
                })
        }

        /// The child document: inline, from `<content expr>`, or read from `src`; with the key it is
        /// remembered by, `nil` for a file (read again every time).
        private func childDocument(
            source: String?, environment: SCXMLExpressionEnvironment
        ) throws -> (SCXMLDocument, SCXMLChildChartCache.DocumentKey?) {
            let at = invoke.sourceLocation
            if let content = invoke.content { return (content, .inline) }
            if let expression = invoke.contentExpression {
                do {
                    let text = try environment.evaluate(expression)
                    guard case .string(let markup) = text else {
                        throw SCXMLInvocationError.invalidChild("<content expr> is not a document", at: at)
                    }
                    return (try SCXMLParser.parse(string: markup, limits: limits), .markup(markup))
                } catch let error as SCXMLInvocationError {
                    throw error
                } catch {
                    throw SCXMLInvocationError.invalidChild("\(error)", at: at)
                }
            }
            guard let source else {
                throw SCXMLInvocationError.invalidChild("neither src nor <content> gives a document", at: at)
            }
            let path = source.hasPrefix("file:") ? String(source.dropFirst("file:".count)) : source
            let base = baseFile.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
            let url =
                path.hasPrefix("/")
                ? URL(fileURLWithPath: path) : (base?.appendingPathComponent(path) ?? URL(fileURLWithPath: path))
            // Only a regular file: a FIFO or a device named by the document must not block the session.
            let data: Data
            switch SCXMLRegularFileReader.read(url.path, limit: limits.maximumDocumentSize) {
            case .success(let bytes): data = bytes
            case .failure(let failure):
                throw SCXMLInvocationError.unreadableSource(source, reason: failure.message, at: at)
            }
            do {
                return (try SCXMLParser.parse(data: data, file: url.path, limits: limits), nil)
            } catch {
                throw SCXMLInvocationError.unreadableSource(source, reason: error.description, at: at)
            }
        }
    }
}
