import Foundation
import Statecraft

/// Runs an SCXML document on virtual time: the chart on a `StateMachine`, an external event queue, and
/// delayed events that wait for the session to move time, with nothing waiting in real time.
///
/// ```swift
/// let session = try SCXMLSession(contentsOf: url)
/// let outcome = session.run(events: ["start"]) { record in print(record.jsonLine) }
/// // outcome == .finished("pass")
/// ```
///
/// The session starts the chart when it is created (``initialMacrostep``), with `StateMachine(chart:)`'s
/// runtime. Events go to the external queue (``enqueue(_:)``) and are processed in order, one macrostep
/// each (``processQueuedEvents()``), together with the events the chart sends itself without a delay.
/// Delayed events wait in the machine's delayed-event queue — the one behind every
/// `StateMachine.send(_:after:id:)` — until ``fireNextDelayedEvent()`` or ``advance(by:)`` moves ``now``
/// to them; events due at the same time fire in the order they were sent. `<cancel>` drops a waiting
/// event; halting in a top-level final state drops them all.
public final class SCXMLSession {
    /// The external queue, shared with the chart's runtime, which puts the chart's sends without delay
    /// at its back. Events posted to the session's inbox join it, in the order they arrived, whenever
    /// the session touches it (``takeArrivals()``).
    final class ExternalQueue {
        var events = FIFOQueue<SCXMLEvent>()
        /// Where events from Event I/O Processors arrive; `nil` for an invoked session, which has none.
        let inbox: SCXMLSessionInbox?

        init(inbox: SCXMLSessionInbox? = nil) {
            self.inbox = inbox
        }

        /// Moves the events posted to the inbox so far to the back of the queue.
        func takeArrivals() {
            guard let inbox, inbox.count > 0 else { return }
            for event in inbox.takeAll() {
                events.enqueue(event)
            }
        }
    }

    /// The document the session runs.
    public let document: SCXMLDocument
    /// The chart built from the document.
    public let chart: SCXMLChart
    /// What the chart's first macrostep did.
    public private(set) var initialMacrostep: SCXMLMacrostepRecord

    /// The machine running the chart; its delayed events wait on the session's virtual time. Internal,
    /// not private: snapshots (`SCXMLSession+Snapshots.swift`) save it and the external queue.
    let machine: StateMachine<SCXMLChart>
    let externalQueue: ExternalQueue
    /// Whether the session was restored from a snapshot: its first macrostep happened in another run.
    let isRestored: Bool
    private let logBuffer: SCXMLLogBuffer
    /// The sessions `<invoke>` started, driven on this session's virtual time (`SCXMLSession+Invoke.swift`).
    let invocationTree: SCXMLInvocationTree
    /// The Event I/O Processors beside SCXML's own that `<send type>` may name.
    public let eventProcessors: [any SCXMLEventProcessor]
    /// Where events for the session arrive from its Event I/O Processors' servers, from any thread: they
    /// join the external queue, in the order they arrived, whenever the session touches the queue.
    public var inbox: SCXMLSessionInbox {
        guard let inbox = externalQueue.inbox else {
            preconditionFailure("Internal inconsistency: a top-level session has no inbox")
        }
        return inbox
    }

    deinit {
        // Child sessions that still run (the run stopped, or the session was dropped, before they finished)
        // and the tree hold each other: let go of them so that nothing outlives the session.
        invocationTree.removeAll()
    }

    /// Builds a document's chart and starts it.
    ///
    /// - Parameters:
    ///   - document: a parsed document.
    ///   - sessionID: the value of `_sessionid`.
    ///   - limits: the limits the chart is built and run with (``SCXMLLimits/default`` unless given), such as
    ///     ``SCXMLLimits/maximumStepsPerMacrostep``.
    ///   - eventProcessors: the Event I/O Processors beside SCXML's own that `<send type>` may name, such as
    ///     one for the Basic HTTP Event I/O Processor (``SCXMLBasicHTTPMessage``); none by default.
    ///   - inbox: where events for the session arrive from the processors' servers: register it with them
    ///     before the session starts, since the first macrostep may already send and be answered.
    /// - Throws: ``SCXMLError`` when the document cannot be converted (see ``SCXMLChartBuilder/build(_:)``).
    /// - Complexity: O(*n* × *d*) to build the chart, plus the first macrostep.
    public convenience init(
        document: SCXMLDocument, sessionID: String = "statecraft", limits: SCXMLLimits = .default,
        eventProcessors: [any SCXMLEventProcessor] = [], inbox: SCXMLSessionInbox = SCXMLSessionInbox()
    ) throws(SCXMLError) {
        do {
            try self.init(
                document: document, sessionID: sessionID, limits: limits, eventProcessors: eventProcessors,
                inbox: inbox, isRestored: false
            ) {
                chart, runtime in
                StateMachine(definition: chart, subject: runtime)
            }
        } catch let error as SCXMLError {
            throw error
        } catch {
            preconditionFailure("Internal inconsistency: starting a chart threw \(error)")
        }
    }

    /// Builds a document's chart and the machine running it from `makeMachine` — the chart started on the
    /// given runtime, or a machine restored from a snapshot (`SCXMLSession+Snapshots.swift`), whose
    /// runtime then replaces the given one.
    ///
    /// - Throws: ``SCXMLError`` from building the chart; what `makeMachine` throws.
    init(
        document: SCXMLDocument, sessionID: String, limits: SCXMLLimits = .default,
        eventProcessors: [any SCXMLEventProcessor] = [], inbox: SCXMLSessionInbox = SCXMLSessionInbox(),
        isRestored: Bool,
        makeMachine: (SCXMLChart, ChartRuntime) throws -> StateMachine<SCXMLChart>
    ) throws {
        let buffer = SCXMLLogBuffer()
        self.document = document
        self.logBuffer = buffer
        self.isRestored = isRestored
        self.eventProcessors = eventProcessors
        var builder = SCXMLChartBuilder(sessionID: sessionID, limits: limits) { buffer.append($0) }
        builder.eventProcessors = eventProcessors
        chart = try builder.build(document)
        let queue = ExternalQueue(inbox: inbox)
        let sendWithoutDelay: (Any) -> Void = { event in
            guard let event = event as? SCXMLEvent else {
                preconditionFailure("Internal inconsistency: an SCXML chart sent a \(type(of: event))")
            }
            // What arrived meanwhile (an answer to a <send> of this macrostep) comes first.
            queue.takeArrivals()
            queue.events.enqueue(event)
        }
        let runtime = ChartRuntime()
        runtime._sendWithoutDelay = sendWithoutDelay
        let tree = SCXMLInvocationTree()
        let communicationError = SCXMLInvocationTree.communicationErrorHandler(queue: { queue.events.enqueue($0) })
        runtime._invocationContext = tree
        runtime._invocationErrorHandler = communicationError
        invocationTree = tree
        externalQueue = queue
        machine = try makeMachine(chart, runtime)
        // A restored machine made its own runtime; nothing has run on it yet.
        machine.subject._sendWithoutDelay = sendWithoutDelay
        machine.subject._invocationContext = tree
        machine.subject._invocationErrorHandler = communicationError
        tree.now = { [unowned machine] in machine._delayedEventTime }
        tree.runChildren()
        initialMacrostep = SCXMLMacrostepRecord(event: nil, exited: [], entered: [], configuration: [])
        initialMacrostep = record(event: nil)
        if isFinished { externalQueue.events.removeAll() }
    }

    /// Parses a file, builds its chart and starts it.
    ///
    /// - Parameter url: the SCXML file.
    /// - Throws: ``SCXMLError`` naming the file, line and problem.
    /// - Complexity: O(*n*) in the size of the file, plus building and starting the chart.
    public convenience init(contentsOf url: URL) throws(SCXMLError) {
        try self.init(document: SCXMLParser.parse(contentsOf: url))
    }

    /// The chart's current snapshot: configuration, data model, whether it finished.
    public var snapshot: SCXMLSnapshot { machine.state }

    /// The virtual time: how far the clock has moved to deliver delayed events.
    public var now: Duration { machine._delayedEventTime }

    /// Whether the chart halted in a top-level final state; it then processes nothing more.
    public var isFinished: Bool { snapshot.isFinished }

    /// The number of delayed events waiting on the virtual clock.
    public var pendingDelayedEventCount: Int { machine.pendingDelayedEventCount }

    /// The number of events waiting in the external queue.
    public var queuedEventCount: Int {
        externalQueue.takeArrivals()
        return externalQueue.events.count
    }

    /// Puts an event at the back of the external queue. Ignored once the chart has finished.
    ///
    /// - Parameter event: the event.
    public func enqueue(_ event: SCXMLEvent) {
        guard !isFinished else { return }
        externalQueue.takeArrivals()
        externalQueue.events.enqueue(event)
    }

    /// Processes the external queue until it is empty or the chart finishes: one macrostep per event,
    /// including the events the chart sends itself meanwhile.
    ///
    /// A chart that keeps sending itself events without delay keeps this going; use
    /// ``run(input:eventLimit:finishDelayedEvents:onMacrostep:)`` to bound it.
    /// - Returns: one record per event, in order; an event no transition handles gets a record without
    ///   exited or entered states.
    /// - Complexity: O(*n*) per microstep in the number of states, for every event processed.
    @discardableResult
    public func processQueuedEvents() -> [SCXMLMacrostepRecord] {
        var records: [SCXMLMacrostepRecord] = []
        while let record = processNextQueuedEvent() {
            records.append(record)
        }
        return records
    }

    /// Processes the event at the front of the external queue: one macrostep.
    ///
    /// - Returns: its record, or `nil` when the queue is empty or the chart has finished.
    /// - Complexity: O(*n*) per microstep in the number of states.
    public func processNextQueuedEvent() -> SCXMLMacrostepRecord? {
        guard !isFinished else { return nil }
        externalQueue.takeArrivals()
        guard let event = externalQueue.events.dequeue() else { return nil }
        // The children invoked (or sent events) during the macrostep run theirs after it.
        defer { invocationTree.runChildren() }
        invocationTree.finalize(event, in: machine)
        guard machine.send(event).didTransition else {
            return SCXMLMacrostepRecord(
                event: event.name, exited: [], entered: [], configuration: snapshot.configuration.sorted(),
                logs: logBuffer.take(), time: now)
        }
        let result = record(event: event.name)
        // Halting drops what waits; the machine has dropped its delayed events already.
        if isFinished { externalQueue.events.removeAll() }
        return result
    }

    /// Moves the virtual clock to the earliest delayed event, puts it on the external queue and processes
    /// the queue.
    ///
    /// - Returns: the records of the events processed, or `nil` when no delayed event is waiting or the
    ///   chart has finished.
    /// - Complexity: O(*k*) in the number of waiting events, plus the macrosteps.
    public func fireNextDelayedEvent() -> [SCXMLMacrostepRecord]? {
        guard queueDelayedEvent(notAfter: nil) else { return nil }
        return processQueuedEvents()
    }

    /// Moves the virtual clock forward by `duration`, delivering every delayed event that falls due
    /// meanwhile in time order (with the events each makes the chart send), then sets ``now`` to the end.
    ///
    /// - Parameter duration: how far to move the clock.
    /// - Returns: the records of the events processed.
    /// - Complexity: O(*k*) in the number of waiting events per delivery, plus the macrosteps.
    @discardableResult
    public func advance(by duration: Duration) -> [SCXMLMacrostepRecord] {
        let end = now + max(duration, .zero)
        var records: [SCXMLMacrostepRecord] = []
        while queueDelayedEvent(notAfter: end) {
            records += processQueuedEvents()
        }
        moveTime(to: end)
        return records
    }

    /// When the earliest waiting delayed event falls due; `nil` when none waits.
    public var nextDelayedEventTime: Duration? {
        [machine._nextDelayedEventTime, invocationTree.nextDelayedEventTime].compactMap { $0 }.min()
    }

    /// Moves the earliest delayed event due by `end` (any, when `nil`) to the external queue and the clock
    /// to its time.
    ///
    /// - Returns: whether there was one (and the chart has not finished).
    private func queueDelayedEvent(notAfter end: Duration?) -> Bool {
        guard !isFinished else { return false }
        if deliverChildDelayedEvent(notAfter: end) { return true }
        guard let event = machine._popDelayedEvent(notAfter: end) else { return false }
        if routeDelayedSend(event) { return true }
        enqueue(event)
        return true
    }

    /// Runs the chart: processes the events the first macrostep sent, then each input item in turn — an
    /// event (with the events it makes the chart send), or a pause that moves the clock — then, once the
    /// input is consumed, the remaining delayed events in time order, until none is left or the chart
    /// finishes (unless `finishDelayedEvents` is `false`: a run whose state is saved to be continued).
    /// A macrostep that reaches the chart's macrostep bound without settling ends the run
    /// (``SCXMLRunOutcome/didNotSettle(_:)``): the chart is caught in the middle of its loop, and going on
    /// would repeat the loop, up to the bound, for every event that follows.
    /// A session restored from a snapshot does not report the initial macrostep again.
    ///
    /// Input events arrive one after another at the current virtual time: the clock only moves for a
    /// pause (``SCXMLRunInput/advance(_:)``) and after the last item. `input` is read lazily, so it may
    /// be a stream such as the lines of stdin.
    ///
    /// - Parameters:
    ///   - input: the events and pauses.
    ///   - eventLimit: how many events the chart may send itself — with or without a delay — after the
    ///     start, after each input item, and after the input is consumed, before the run stops: a chart
    ///     that keeps re-arming a timer or sending itself events cannot run forever.
    ///   - finishDelayedEvents: Whether to deliver the remaining delayed events once the input is consumed.
    ///   - onMacrostep: receives each record as it happens, starting with ``initialMacrostep``.
    /// - Returns: why the run stopped.
    /// - Complexity: O(*n*) per microstep in the number of states, for every event processed.
    @discardableResult
    public func run(
        input: some Sequence<SCXMLRunInput>, eventLimit: Int = 10_000, finishDelayedEvents: Bool = true,
        onMacrostep: (SCXMLMacrostepRecord) -> Void = { _ in }
    ) -> SCXMLRunOutcome {
        if !isRestored {
            onMacrostep(initialMacrostep)
            if let loop = initialMacrostep.loopError { return .didNotSettle(loop) }
        }
        // Invoked sessions that loop or keep sending events stop the run (SCXMLInvocationTree.stop).
        if let stop = invocationTree.stop { return stop }
        var budget = eventLimit
        var unsettled: ChartLoopError?
        /// Why the run stops when `drain` or `deliver` says it cannot go on.
        var stopped: SCXMLRunOutcome {
            invocationTree.stop ?? unsettled.map(SCXMLRunOutcome.didNotSettle) ?? .eventLimitReached(eventLimit)
        }
        /// Processes the queue within the budget; `false` when the budget ran out first or a macrostep did
        /// not settle.
        func drain() -> Bool {
            while queuedEventCount > 0 && !isFinished {
                if budget <= 0 || invocationTree.stop != nil { return false }
                budget -= 1
                if let record = processNextQueuedEvent() {
                    onMacrostep(record)
                    if let loop = record.loopError {
                        unsettled = loop
                        return false
                    }
                }
            }
            return true
        }
        /// Delivers the delayed events due by `end` within the budget; `false` when it ran out first.
        func deliver(notAfter end: Duration?) -> Bool {
            while !isFinished, let due = nextDelayedEventTime, end.map({ due <= $0 }) ?? true {
                if budget <= 0 || invocationTree.stop != nil { return false }
                guard queueDelayedEvent(notAfter: end), drain() else { return false }
            }
            return true
        }
        guard drain() else { return stopped }
        for item in input {
            if isFinished { break }
            budget = eventLimit
            switch item {
            case .event(let name):
                enqueue(SCXMLEvent(name))
                // The input event itself does not count; `Int.max` means no limit (and must not overflow).
                if budget < .max { budget += 1 }
                guard drain() else { return stopped }
            case .advance(let duration):
                let end = now + max(duration, .zero)
                guard deliver(notAfter: end) else { return stopped }
                moveTime(to: end)
            }
        }
        budget = eventLimit
        guard !finishDelayedEvents || deliver(notAfter: nil) else { return stopped }
        if let stop = invocationTree.stop { return stop }
        if let final = snapshot.finalState { return .finished(final) }
        return .inputConsumed
    }

    /// Runs the chart with input events only; see ``run(input:eventLimit:finishDelayedEvents:onMacrostep:)``.
    ///
    /// - Parameters:
    ///   - events: the names of the input events.
    ///   - eventLimit: how many events the chart may send itself after the start, after each input event
    ///     and after the input is consumed.
    ///   - onMacrostep: receives each record as it happens, starting with ``initialMacrostep``.
    /// - Returns: why the run stopped.
    /// - Complexity: O(*n*) per microstep in the number of states, for every event processed.
    @discardableResult
    public func run(
        events: some Sequence<String>, eventLimit: Int = 10_000,
        onMacrostep: (SCXMLMacrostepRecord) -> Void = { _ in }
    ) -> SCXMLRunOutcome {
        run(input: events.lazy.map(SCXMLRunInput.event), eventLimit: eventLimit, onMacrostep: onMacrostep)
    }

    /// An error of a macrostep as `EVENT in PHASE of state 'ID': PROBLEM`, named by the platform event it
    /// raised (`error.execution`, or `error.communication` for a send to an unreachable session).
    static func describe(_ error: ChartExecutionError) -> String {
        let name = (error.underlying as? SCXMLExecutionError)?.eventName ?? "error.execution"
        return "\(name) in \(error.phase.rawValue) of state '\(error.state)': \(error.underlying)"
    }

    /// The record of the macrostep that produced the current snapshot.
    private func record(event: String?) -> SCXMLMacrostepRecord {
        var exited: [String] = []
        var entered: [String] = []
        var configuration = snapshot.configuration
        for microstep in snapshot.lastMacrostep.microsteps {
            if microstep.transitions.last == "halt" {
                // The interpreter exits everything when it halts: report where it halted instead.
                configuration = microstep.exited
                continue
            }
            exited += microstep.exited
            entered += microstep.entered
        }
        return SCXMLMacrostepRecord(
            event: event, exited: exited, entered: entered, configuration: configuration.sorted(),
            logs: logBuffer.take(), errors: snapshot.lastMacrostep.errors.map(Self.describe), time: now,
            loopError: snapshot.lastMacrostep.loopError)
    }

}
