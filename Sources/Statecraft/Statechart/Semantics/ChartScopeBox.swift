/// Where a snapshot keeps the ``ChartScope`` its last step handed to guards and actions, for its next step
/// (``ChartSnapshot/scopeBox``): one reference in the snapshot, so that keeping the scope does not make the
/// snapshot larger to copy or to check.
///
/// Only read or written while the snapshot holding it holds the only reference to it (copy on write, like
/// an array's buffer): a copy of the snapshot shares it, and a step on either then makes its own box. A step
/// hands the scope to guards and actions where it is, in the box (``ChartInterpreter/prepareScope()``):
/// no scope is moved in or out per event.
@usableFromInline
final class ChartScopeBox<StateID: Hashable & Sendable, Event>: @unchecked Sendable {
    // `@unchecked`: mutated only while uniquely referenced. `@exclusivity(unchecked)`: for the same reason no
    // two accesses of the step can overlap (an action holds the scope `inout` while nothing else reads it),
    // so the dynamic checks buy nothing.
    /// The scope kept.
    @exclusivity(unchecked) @usableFromInline var scope: ChartScope<StateID, Event>

    @usableFromInline init(scope: ChartScope<StateID, Event>) { self.scope = scope }
}
