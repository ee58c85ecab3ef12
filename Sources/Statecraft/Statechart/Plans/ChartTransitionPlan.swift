/// What taking one transition exits and enters, computed when the chart is built (``ChartTables/plans``)
/// by the same functions a step would run (SCXML 1.0 §D.2 `getTransitionDomain`, `computeExitSet`,
/// `computeEntrySet`), so that a step only reads it.
///
/// A transition whose sets depend on the run — one that targets a history state, or whose entry reaches
/// one — has a dynamic plan: the step computes its sets with the run's history values, by the same
/// functions.
@usableFromInline
struct ChartTransitionPlan: Sendable {
    /// Whether the sets below are not valid and must be computed during the step.
    @usableFromInline let isDynamic: Bool
    /// The proper descendants of the transition's domain — a range of indices, since states are numbered
    /// in document order — whose active members the transition exits. Empty for a targetless transition.
    /// A range rather than a set: one set per transition would make building a chart of *n* states in a
    /// ring O(*n*²) in time and memory.
    @usableFromInline let exitScope: Range<Int>
    /// The states the transition enters, in document order (SCXML `statesToEnter`).
    @usableFromInline let entrySet: ChartStateSet
    /// The compound states of ``entrySet`` entered by default, whose initial transition's content runs
    /// after their entry actions (SCXML `statesForDefaultEntry`).
    @usableFromInline let defaultEntrySet: ChartStateSet
    /// Whether the plan is static and its states all lie among the first 64, so that ``exitMask``,
    /// ``entryWord`` and ``defaultEntryWord`` say all of it: a step then reads these words instead of
    /// copying the sets (a retain and a release each) and intersecting with a range.
    @usableFromInline let fitsInWord: Bool
    /// ``exitScope`` as the bits of the first word of a ``ChartStateSet``, when ``fitsInWord``.
    @usableFromInline let exitMask: UInt64
    /// ``entrySet``'s first word.
    @usableFromInline let entryWord: UInt64
    /// ``defaultEntrySet``'s first word.
    @usableFromInline let defaultEntryWord: UInt64

    @usableFromInline
    init(isDynamic: Bool, exitScope: Range<Int>, entrySet: ChartStateSet, defaultEntrySet: ChartStateSet) {
        self.isDynamic = isDynamic
        self.exitScope = exitScope
        self.entrySet = entrySet
        self.defaultEntrySet = defaultEntrySet
        fitsInWord =
            !isDynamic && exitScope.upperBound <= 64 && entrySet.spilled == nil && defaultEntrySet.spilled == nil
        exitMask = ChartStateSet.mask(ofWord: 0, keeping: exitScope)
        entryWord = entrySet.low
        defaultEntryWord = defaultEntrySet.low
    }

    /// The plan of a targetless transition: it exits and enters nothing.
    @usableFromInline static var targetless: ChartTransitionPlan {
        ChartTransitionPlan(
            isDynamic: false, exitScope: 0..<0, entrySet: ChartStateSet(), defaultEntrySet: ChartStateSet())
    }

    /// A plan computed during each step.
    @usableFromInline static var dynamic: ChartTransitionPlan {
        ChartTransitionPlan(
            isDynamic: true, exitScope: 0..<0, entrySet: ChartStateSet(), defaultEntrySet: ChartStateSet())
    }
}
