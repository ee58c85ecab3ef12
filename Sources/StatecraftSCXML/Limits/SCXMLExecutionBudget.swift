/// What one macrostep's executable content may still do: elements run (``SCXMLLimits/maximumExecutionSteps``)
/// and bytes of values built (``SCXMLLimits/maximumExecutionBytes``), so that nested `<foreach>` over arrays
/// doubled by `concat`, or a loop sending megabyte events, ends in `error.execution` instead of running for
/// hours or exhausting the memory.
///
/// The counts live in the chart's `ChartScope` (`actionSteps`, `actionBytes`), which the chart sets to zero
/// at every macrostep's start; a budget reads them when a block of content starts and writes them back when
/// it ends. It is a reference so that expression evaluation, which does not mutate its environment, can
/// count the values it builds.
final class SCXMLExecutionBudget {
    /// The elements of executable content a macrostep may run.
    let maximumSteps: Int
    /// The bytes of values a macrostep may build.
    let maximumBytes: Int
    /// The elements run so far in the macrostep.
    private(set) var steps: Int
    /// The bytes of values built so far in the macrostep.
    private(set) var bytes: Int

    /// Creates a budget that has already spent `steps` and `bytes`.
    init(maximumSteps: Int, maximumBytes: Int, steps: Int = 0, bytes: Int = 0) {
        self.maximumSteps = maximumSteps
        self.maximumBytes = maximumBytes
        self.steps = steps
        self.bytes = bytes
    }

    /// Counts one element of executable content (or one `<foreach>` iteration).
    ///
    /// - Throws: ``SCXMLExpressionError/executionBudgetExceeded(_:limit:)`` past ``maximumSteps``.
    func spendStep() throws(SCXMLExpressionError) {
        steps += 1
        if steps > maximumSteps {
            throw .executionBudgetExceeded(.steps, limit: maximumSteps)
        }
    }

    /// Counts a value of `size` bytes built.
    ///
    /// - Throws: ``SCXMLExpressionError/executionBudgetExceeded(_:limit:)`` past ``maximumBytes``.
    func spend(bytes size: Int) throws(SCXMLExpressionError) {
        let (total, overflow) = bytes.addingReportingOverflow(size)
        bytes = overflow ? Int.max : total
        if bytes > maximumBytes {
            throw .executionBudgetExceeded(.bytes, limit: maximumBytes)
        }
    }
}
