/// The events of a ``LoadableMachine``.
///
/// | state | `load` | `succeed(v)` | `fail(e)` | `empty` | `reload` |
/// | --- | --- | --- | --- | --- | --- |
/// | `loading` | ignored | `data(v)` | `failure(e)` | `empty` | ignored |
/// | `data` | ignored | ignored | ignored | ignored | `loading` |
/// | `failure` | `loading` | ignored | ignored | ignored | `loading` |
/// | `empty` | `loading` | ignored | ignored | ignored | `loading` |
///
/// `load` starts loading when nothing is shown (after a failure or an empty result); `reload` starts
/// again from any settled state, data included. Results arriving when nothing is loading are ignored,
/// so a late answer cannot overwrite newer content.
@frozen
public enum LoadableEvent<Value> {
    /// Start loading when there is no data to show.
    case load
    /// Loading produced a value.
    case succeed(Value)
    /// Loading failed.
    case fail(any Error)
    /// Loading finished with nothing to show.
    case empty
    /// Load again from any settled state.
    case reload
}

extension LoadableEvent: Sendable where Value: Sendable {}

extension LoadableEvent {
    /// `.succeed(value)`: the event for a loaded value of any type (collections have their own overload,
    /// which turns an empty collection into `.empty`).
    ///
    /// ```swift
    /// profile.handle(.result(user))      // .data(user)
    /// ```
    @inlinable public static func result(_ value: Value) -> Self {
        .succeed(value)
    }

    /// The event for the outcome of loading: `.succeed(value)` or `.fail(error)`.
    ///
    /// ```swift
    /// let outcome = await Result { try await api.profile() }
    /// profile.handle(.result(outcome))
    /// ```
    @inlinable public static func result<Failure: Error>(_ result: Result<Value, Failure>) -> Self {
        switch result {
        case .success(let value): .result(value)
        case .failure(let error): .fail(error)
        }
    }
}

extension LoadableEvent where Value: Collection {
    /// `.empty` for an empty collection, `.succeed(value)` otherwise.
    @inlinable public static func result(_ value: Value) -> Self {
        value.isEmpty ? .empty : .succeed(value)
    }

    /// The event for the outcome of loading a collection: `.empty` for an empty one, `.succeed(value)`
    /// otherwise, `.fail(error)` for a failure.
    @inlinable public static func result<Failure: Error>(_ result: Result<Value, Failure>) -> Self {
        switch result {
        case .success(let value): .result(value)
        case .failure(let error): .fail(error)
        }
    }
}
