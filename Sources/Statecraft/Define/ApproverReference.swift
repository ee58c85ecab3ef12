/// How a ``GuardedStateMachine`` holds its ``TransitionApprover``.
///
/// Both avoid a reference cycle when the approver owns its machine (the usual `lazy var machine =
/// GuardedStateMachine(…, approver: self)`); they differ in what happens when the approver is gone and in
/// what each request costs:
///
/// | reference | approver deallocated | cost of a request |
/// | --- | --- | --- |
/// | ``weak`` | every request is refused | loads a weak reference through the approver's side table |
/// | ``unowned`` | any request traps | checks and increments the approver's inline reference count |
///
/// A weak reference gives the approver a side table, through which every retain and release of it then
/// goes: most of a guarded request's cost. An unowned reference needs no side table, so requests are
/// markedly cheaper (`Core.guarded` and `Core.guarded.unowned` in `Benchmarks/README.md` give the current
/// figures).
public enum ApproverReference: Sendable, Hashable, CaseIterable {
    /// Held weakly: safe whatever the lifetimes; requests made after the approver is deallocated are
    /// refused. The default.
    case weak
    /// Held `unowned`: for an approver that outlives its machine, as one that owns the machine in a
    /// stored property does (while nothing else keeps the machine alive). A request made after the
    /// approver is deallocated stops the program, as any use of a dangling `unowned` reference does.
    case unowned
}
