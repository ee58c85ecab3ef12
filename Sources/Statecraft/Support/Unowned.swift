/// An unowned reference to an object, for binding a machine to a subject that owns the machine.
///
/// A ``StateMachine`` keeps its subject alive. When the subject keeps the machine alive too, bind the
/// machine to `Unowned(self)`: the machine then never outlives its owner and no cycle forms.
///
/// ```swift
/// final class ListController {
///     lazy var machine = StateMachine(schema: Self.schema, subject: Unowned(self))
/// }
/// ```
///
/// Accessing ``object`` after the object is gone is a programming error that traps; use ``Weak`` when
/// the machine may outlive its subject.
@dynamicMemberLookup
public struct Unowned<Object: AnyObject> {
    /// The object.
    public unowned let object: Object

    /// Wraps `object` without retaining it.
    @inlinable public init(_ object: Object) { self.object = object }

    /// Reads a property of the object.
    @inlinable public subscript<T>(dynamicMember keyPath: KeyPath<Object, T>) -> T {
        object[keyPath: keyPath]
    }

    /// Reads or writes a property of the object.
    @inlinable public subscript<T>(dynamicMember keyPath: ReferenceWritableKeyPath<Object, T>) -> T {
        get { object[keyPath: keyPath] }
        nonmutating set { object[keyPath: keyPath] = newValue }
    }
}

/// A weak reference to an object, for binding a machine to a subject that may go away first.
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
