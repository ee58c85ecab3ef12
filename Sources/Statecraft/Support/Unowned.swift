/// An unowned reference to an object, for binding a machine to a subject that owns the machine.
///
/// A ``StateMachine`` keeps its subject alive. When the subject keeps the machine alive too, bind the
/// machine to `Unowned(self)`: the machine then never outlives its owner and no cycle forms.
///
/// Reach the object through ``object``, as with ``Weak`` (where it is optional):
///
/// ```swift
/// final class ListController {
///     static let schema = StateMachineSchema<Screen, ScreenEvent, Unowned<ListController>>(initialState: .list) {
///         state, event in (.refreshing, { controller in controller.object.showSpinner() })
///     }
///     lazy var machine = StateMachine(schema: Self.schema, subject: Unowned(self))
///     func showSpinner() { … }
/// }
/// ```
///
/// There is deliberately no dynamic member lookup: it reached properties but not methods, so
/// `controller.showSpinner()` failed with errors about key paths and generic inference. Without it, the
/// compiler says plainly that `Unowned<ListController>` has no member `showSpinner`.
///
/// Accessing ``object`` after the object is gone is a programming error that traps; use ``Weak`` when
/// the machine may outlive its subject.
public struct Unowned<Object: AnyObject> {
    /// The object.
    public unowned let object: Object

    /// Wraps `object` without retaining it.
    @inlinable public init(_ object: Object) { self.object = object }
}

/// A weak reference to an object, for binding a machine to a subject that may go away first.
///
/// Reach the object through ``object``, which is `nil` once the object is gone (see ``Unowned`` for a
/// subject that owns its machine):
///
/// ```swift
/// let machine = StateMachine(schema: schema, subject: Weak(controller))
/// // in a transition block: { subject in subject.object?.reload() }
/// ```
public struct Weak<Object: AnyObject> {
    /// The object, or `nil` once it has been deallocated.
    public weak var object: Object?

    /// Wraps `object` without retaining it.
    @inlinable public init(_ object: Object?) { self.object = object }
}
