extension StateMachine {
    /// Calls `observer` with the current state now, and with the new state after every transition — the
    /// habit of a `didSet` on a `Loadable` property, where the first value (``Loadable/loading``) is seen too.
    ///
    /// ```swift
    /// let songs = LoadableMachine<[Song]>()
    /// songs.observeState { state in spinner.isHidden = !state.isLoading }   // called at once with .loading
    /// songs.handle(.result(fetched))                                          // called with .data or .empty
    /// ```
    ///
    /// Observers added with ``addObserver(_:)`` hear transitions only: a machine's initial state is not a
    /// transition.
    ///
    /// - Parameter observer: Called with the state, on the machine's isolation.
    /// - Returns: A token for ``removeObserver(_:)``.
    @discardableResult
    public func observeState<Value>(_ observer: @escaping (Loadable<Value>) -> Void) -> ObserverToken
    where Definition == LoadableDefinition<Value> {
        observer(state)
        return addObserver { _, _, new in observer(new) }
    }
}
