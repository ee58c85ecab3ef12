import Observation

/// A ``StateMachine`` whose ``state`` is observable with the Observation framework: SwiftUI views and
/// `withObservationTracking` see every transition.
///
/// ```swift
/// @MainActor final class DownloadScreenModel {
///     let machine = ObservableStateMachine(StateMachine(definition: DownloadDefinition()))
///     var title: String { "\(machine.state)" }   // a view reading `title` updates on every transition
/// }
/// ```
///
/// Observation is kept out of ``StateMachine`` itself so that a plain machine pays nothing for it: this
/// wrapper registers one transition observer, and reading ``state`` records an access.
///
/// Observers are told *after* the state has changed (the machine reports transitions once they are
/// done), so an `onChange` handler that reads ``state`` sees the new value.
///
/// Needs the Observation framework: macOS 14, iOS 17, tvOS 17, watchOS 10 or visionOS 1; everything else in
/// Statecraft runs from macOS 13 and iOS 16.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public final class ObservableStateMachine<Definition: MachineDefinition>: Observable {
    /// The machine's state type.
    public typealias State = Definition.State
    /// The machine's event type.
    public typealias Event = Definition.Event

    /// The wrapped machine: send events through it or through this object; observations see both.
    public let machine: StateMachine<Definition>
    private let registrar = ObservationRegistrar()

    /// Wraps `machine`.
    ///
    /// - Parameter machine: The machine to observe.
    public init(_ machine: StateMachine<Definition>) {
        self.machine = machine
        machine.addObserver { [weak self] _, _, _ in
            guard let self else { return }
            self.registrar.withMutation(of: self, keyPath: \.state) {}
        }
    }

    /// The current state; reading it inside `withObservationTracking` (or a SwiftUI body) observes it.
    public var state: State {
        registrar.access(self, keyPath: \.state)
        return machine.state
    }

    /// Sends `event` to the machine (see ``StateMachine/send(_:)``).
    ///
    /// - Parameter event: The event.
    /// - Returns: What became of it.
    @discardableResult
    public func send(_ event: Event) -> EventOutcome {
        machine.send(event)
    }
}
