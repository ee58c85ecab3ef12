/// The state of content that loads asynchronously: loading, loaded data, a failure, or nothing to show.
///
/// Use it as a plain value (`var songs: Loadable<[Song]> = .loading`) or run it as a ready-made machine
/// with ``LoadableMachine``, whose transitions are the usual ones (see ``LoadableEvent``).
///
/// `Loadable` is `Equatable` when `Value` is. Two failures are equal when their errors are: errors that
/// are themselves `Equatable` compare with `==`; others are equal when they have the same type and the
/// same description.
@frozen
public enum Loadable<Value> {
    /// The content is being loaded.
    case loading
    /// The content loaded.
    case data(Value)
    /// Loading failed.
    case failure(any Error)
    /// Loading finished with nothing to show.
    case empty

    /// The loaded value, if the state is ``data(_:)``.
    @inlinable public var value: Value? {
        if case .data(let value) = self { return value }
        return nil
    }

    /// The error, if the state is ``failure(_:)``.
    @inlinable public var error: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// Whether the state is ``loading``.
    @inlinable public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }
}

extension Loadable {
    /// The settled state for the outcome of loading: ``data(_:)`` or ``failure(_:)``.
    ///
    /// ```swift
    /// var profile = Loadable(await Result { try await api.profile() })
    /// ```
    @inlinable public init<Failure: Error>(_ result: Result<Value, Failure>) {
        switch result {
        case .success(let value): self = .data(value)
        case .failure(let error): self = .failure(error)
        }
    }
}

extension Loadable: Sendable where Value: Sendable {}

extension Loadable: Equatable where Value: Equatable {
    /// Whether two states are the same case with equal payloads.
    public static func == (lhs: Loadable, rhs: Loadable) -> Bool {
        switch (lhs, rhs) {
        case (.loading, .loading), (.empty, .empty): true
        case (.data(let l), .data(let r)): l == r
        case (.failure(let l), .failure(let r)): ErrorEquality.areEqual(l, r)
        case (.loading, _), (.data, _), (.failure, _), (.empty, _): false
        }
    }
}

extension Loadable: CustomStringConvertible {
    /// `loading`, `data(…)`, `failure(…)` or `empty`.
    public var description: String {
        switch self {
        case .loading: "loading"
        case .data(let value): "data(\(value))"
        case .failure(let error): "failure(\(error))"
        case .empty: "empty"
        }
    }
}

/// Compares errors that are not statically `Equatable`.
enum ErrorEquality {
    static func areEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
        if let equatable = lhs as? any Equatable {
            return equatable.isEqual(toAny: rhs)
        }
        return ObjectIdentifier(type(of: lhs)) == ObjectIdentifier(type(of: rhs))
            && String(reflecting: lhs) == String(reflecting: rhs)
    }
}

extension Equatable {
    fileprivate func isEqual(toAny other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
