/// A chart's state identifiers by index, in an object the tables own, so that a ``ChartScope`` refers
/// to it with one reference instead of holding the dictionary (whose bridged retain and release cost
/// about twice as much, for the scope made and destroyed in every macrostep that runs a guard or an
/// action).
@usableFromInline
final class ChartStateLookup<StateID: Hashable>: @unchecked Sendable {
    // Immutable after initialisation; `@unchecked` because `StateID` is `Sendable` only through the
    // chart's own constraint, which this class does not repeat.

    /// The index of each state's identifier.
    @usableFromInline let indices: [StateID: Int]

    @usableFromInline init(_ indices: [StateID: Int]) { self.indices = indices }
}
