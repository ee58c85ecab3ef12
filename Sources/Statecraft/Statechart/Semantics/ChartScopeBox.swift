/// Where a snapshot keeps the ``ChartScope`` its last step handed to guards and actions, for its next step
/// (``ChartSnapshot/scopeBox``): one reference in the snapshot, so that keeping the scope does not make the
/// snapshot larger to copy or to check.
///
/// Only read or written while the snapshot holding it holds the only reference to it (copy on write, like
/// an array's buffer): a copy of the snapshot shares it, and a step on either then makes its own scope.
@usableFromInline
final class ChartScopeBox<StateID: Hashable & Sendable, Event>: @unchecked Sendable {
    // `@unchecked`: mutated only while uniquely referenced. `@exclusivity(unchecked)`: for the same reason no
    // two accesses can overlap, and each is a short move in or out, so the dynamic checks buy nothing.
    /// The scope kept, if any.
    @exclusivity(unchecked) @usableFromInline var scope: ChartScope<StateID, Event>?

    @usableFromInline init() {}
}
