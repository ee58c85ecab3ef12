/// How a ``GuardedStateMachine`` holds its ``TransitionApprover``.
///
/// Both avoid a reference cycle when the approver owns its machine (the usual `lazy var machine =
/// GuardedStateMachine(…, approver: self)`); they differ in what happens when the approver is gone and in
/// what each request costs (callgrind, `Benchmarks/`' crossing workload, no observer: `Core.guarded` and
/// `Core.guarded.unowned` in `Benchmarks/README.md`):
///
/// | reference | approver deallocated | instructions per request |
/// | --- | --- | ---: |
/// | ``weak`` | every request is refused | 226 |
/// | ``unowned`` | any request traps | 145 |
///
/// A weak reference gives the approver a side table, through which every retain and release of it then
/// goes; loading the weak reference and releasing what it returned take about 155 of the weak style's
/// instructions per request. An unowned reference needs no side table: loading it checks and increments
/// the object's inline reference count (`swift_unownedRetainStrong`, about 24 instructions) and the release
/// takes the fast path — still two atomic operations per load, which is why it does not go further.
public enum ApproverReference: Sendable, Hashable, CaseIterable {
    /// Held weakly: safe whatever the lifetimes; requests made after the approver is deallocated are
    /// refused. The default.
    case weak
    /// Held `unowned`: for an approver that outlives its machine, as one that owns the machine in a
    /// stored property does (while nothing else keeps the machine alive). A request made after the
    /// approver is deallocated stops the program, as any use of a dangling `unowned` reference does.
    case unowned
}
