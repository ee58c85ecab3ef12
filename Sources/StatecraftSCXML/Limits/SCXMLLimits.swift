/// The bounds Statecraft puts on SCXML input, so that a malformed or hostile document is rejected with a
/// typed error instead of exhausting the stack, the memory or the time of the process that reads it.
///
/// Every limit has a default that no realistic chart comes near; raise one by passing your own limits:
///
/// ```swift
/// var limits = SCXMLLimits.default
/// limits.maximumNestingDepth = 1_000
/// let document = try SCXMLParser.parse(data: data, file: "deep.scxml", limits: limits)
/// let chart = try SCXMLChartBuilder(limits: limits).build(document)
/// ```
///
/// A document that exceeds a limit throws ``SCXMLError/limitExceeded(_:limit:at:)``, naming the limit, its
/// value and the line where it was exceeded; a value that grows past ``maximumValueSize`` at run time raises
/// `error.execution` (``SCXMLExpressionError/valueTooLarge(size:limit:)``). The DocC article
/// <doc:MalformedAndHostileInput> lists them all.
public struct SCXMLLimits: Hashable, Sendable {
    /// One of the limits, as named in ``SCXMLError/limitExceeded(_:limit:at:)``.
    public enum Kind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// ``SCXMLLimits/maximumDocumentSize``.
        case documentSize = "document size"
        /// ``SCXMLLimits/maximumNestingDepth``.
        case nestingDepth = "nesting depth"
        /// ``SCXMLLimits/maximumStates``.
        case states = "number of states"
        /// ``SCXMLLimits/maximumExpressionLength``.
        case expressionLength = "expression length"
        /// ``SCXMLLimits/maximumDataElements``.
        case dataElements = "number of data elements"

        /// The limit's name, such as `nesting depth`.
        public var description: String { rawValue }

        /// The name of the ``SCXMLLimits`` property that sets the limit, for messages.
        var propertyName: String {
            switch self {
            case .documentSize: "maximumDocumentSize"
            case .nestingDepth: "maximumNestingDepth"
            case .states: "maximumStates"
            case .expressionLength: "maximumExpressionLength"
            case .dataElements: "maximumDataElements"
            }
        }

        /// The unit the limit counts, for messages.
        var unit: String {
            switch self {
            case .documentSize: "bytes"
            case .nestingDepth: "levels of elements"
            case .states: "states"
            case .expressionLength: "characters"
            case .dataElements: "<data> elements"
            }
        }
    }

    /// The largest document read, in bytes (default 64 MiB). Checked before the XML parser runs.
    public var maximumDocumentSize: Int
    /// The deepest nesting of elements, counting `<scxml>` as 1 (default 256, as libxml2's own default). It
    /// bounds nested `<state>`, `<parallel>` and `<if>`, and with them the recursion of the reader, the
    /// validator and the chart builder.
    public var maximumNestingDepth: Int
    /// The most states (`<state>`, `<parallel>`, `<final>`, `<history>`) in one document (default 500,000).
    public var maximumStates: Int
    /// The longest expression (`cond`, `expr`, `location`…), in characters (default 10,000).
    public var maximumExpressionLength: Int
    /// The most `<data>` elements in one document (default 10,000): each is a variable every evaluation can
    /// read, and a data model that large makes each step slow.
    public var maximumDataElements: Int
    /// The elements of executable content one macrostep may run, `<foreach>` iterations included (default
    /// 100,000); past it the element raises `error.execution`, as does every later one in that macrostep.
    public var maximumExecutionSteps: Int
    /// The bytes of values one macrostep's executable content may build, counted as for
    /// ``maximumValueSize`` (default 64 MiB); past it the element raises `error.execution`, as does every
    /// later one in that macrostep.
    public var maximumExecutionBytes: Int
    /// The largest value an expression may produce at run time (default 1 MiB): a string's UTF-8 bytes; for
    /// arrays and objects their strings and keys plus 8 bytes for each other value.
    public var maximumValueSize: Int
    /// The deepest nesting of arrays and objects in a value at run time (default 64).
    public var maximumValueDepth: Int
    /// The steps one macrostep may take at run time — microsteps, plus internal events that enabled no
    /// transition — before it stops and reports a `ChartLoopError` (default `ChartSnapshot.macrostepBound`,
    /// 10,000): the chart's `Statechart.macrostepBound(_:)`.
    public var maximumStepsPerMacrostep: Int
    /// How deep `<invoke>` may nest sessions at run time (default 16): the top-level session is depth 0,
    /// a session it invokes depth 1. An `<invoke>` that would start a session deeper raises
    /// `error.execution` (``SCXMLInvocationError/tooDeep(limit:at:)``) instead, so that a document invoking
    /// itself cannot exhaust the stack.
    public var maximumInvocationDepth: Int
    /// The most sessions `<invoke>` may run at once under one top-level session, at any depth (default
    /// 1,000). An `<invoke>` past it sends the invoking session `error.execution`
    /// (``SCXMLInvocationError/tooManySessions(limit:at:)``) and starts nothing, so that a document invoking
    /// itself twice does not start 2^depth sessions.
    public var maximumInvokedSessions: Int

    /// Creates limits; every argument defaults to the value of ``default``.
    ///
    /// - Parameters:
    ///   - maximumDocumentSize: the largest document, in bytes.
    ///   - maximumNestingDepth: the deepest nesting of elements.
    ///   - maximumStates: the most states in a document.
    ///   - maximumExpressionLength: the longest expression, in characters.
    ///   - maximumValueSize: the largest value at run time, in bytes.
    ///   - maximumValueDepth: the deepest nesting of arrays and objects in a value at run time.
    ///   - maximumStepsPerMacrostep: the steps one macrostep may take at run time (at least 1).
    ///   - maximumDataElements: the most `<data>` elements in a document.
    ///   - maximumExecutionSteps: the elements of executable content one macrostep may run.
    ///   - maximumExecutionBytes: the bytes of values one macrostep's executable content may build.
    ///   - maximumInvocationDepth: how deep `<invoke>` may nest sessions at run time.
    ///   - maximumInvokedSessions: how many sessions `<invoke>` may run at once under one top-level session.
    public init(
        maximumDocumentSize: Int = 64 << 20,
        maximumNestingDepth: Int = 256,
        maximumStates: Int = 500_000,
        maximumExpressionLength: Int = 10_000,
        maximumValueSize: Int = 1 << 20,
        maximumValueDepth: Int = 64,
        maximumStepsPerMacrostep: Int = 10_000,
        maximumDataElements: Int = 10_000,
        maximumExecutionSteps: Int = 100_000,
        maximumExecutionBytes: Int = 64 << 20,
        maximumInvocationDepth: Int = 16,
        maximumInvokedSessions: Int = 1_000
    ) {
        self.maximumDocumentSize = maximumDocumentSize
        self.maximumNestingDepth = maximumNestingDepth
        self.maximumStates = maximumStates
        self.maximumExpressionLength = maximumExpressionLength
        self.maximumValueSize = maximumValueSize
        self.maximumValueDepth = maximumValueDepth
        self.maximumStepsPerMacrostep = maximumStepsPerMacrostep
        self.maximumDataElements = maximumDataElements
        self.maximumExecutionSteps = maximumExecutionSteps
        self.maximumExecutionBytes = maximumExecutionBytes
        self.maximumInvocationDepth = maximumInvocationDepth
        self.maximumInvokedSessions = maximumInvokedSessions
    }

    /// The default limits.
    public static let `default` = SCXMLLimits()

    /// The value of one limit.
    ///
    /// - Parameter kind: the limit.
    /// - Returns: its value.
    public func value(of kind: Kind) -> Int {
        switch kind {
        case .documentSize: maximumDocumentSize
        case .nestingDepth: maximumNestingDepth
        case .states: maximumStates
        case .expressionLength: maximumExpressionLength
        case .dataElements: maximumDataElements
        }
    }
}
