/// What happened to one of a machine's effects, as told to the observers added with
/// ``StateMachine/addEffectObserver(_:)``: an effect was started in the current state, or cancelled
/// because the machine left the state before the effect finished.
///
/// Effects are named by ``StateEffect/name``. Stopping and restarting the run loop
/// (``StateMachine/run(clock:isolation:)``) neither starts nor cancels an effect in this sense: the
/// machine stays in its state, and its unfinished effects resume with the next run loop.
///
/// ```swift
/// machine.addEffectObserver { activity in print(activity) }   // "start fetch", "cancel fetch"
/// ```
public enum EffectActivity: Hashable, Sendable, CustomStringConvertible {
    /// An effect with this name was started (``StateMachine/startEffect(_:)``).
    case started(String)
    /// An effect with this name was cancelled: the machine left the state that started it before it finished.
    case cancelled(String)

    /// The effect's name.
    public var name: String {
        switch self {
        case .started(let name), .cancelled(let name): name
        }
    }

    /// `start NAME` or `cancel NAME`.
    public var description: String {
        switch self {
        case .started(let name): "start \(name)"
        case .cancelled(let name): "cancel \(name)"
        }
    }
}
