/// When a ``TransitionFunction`` calls its function, and a ``StateMachineSchema`` its transition logic.
///
/// By default (``tabulatedWhenPossible``) a function whose states and events are payload-free
/// `CaseIterable` types is called once for every state–event pair when the definition is created; each
/// event is then a table lookup (see the *Performance* article for what that saves). A schema's logic is
/// tabulated the same way, with the transition block it returns for each pair: the table runs that block,
/// the same closure every time, whenever the pair occurs.
/// The function must then be what ``MachineDefinition/decide(state:event:)`` already promises: pure — the
/// same answer for the same state and event, no side effects, no reads of mutable global state — and it
/// must not trap for any pair, because every pair is evaluated, including those that never occur.
///
/// Choose ``onEveryEvent`` for a function that is not pure in that sense, for example one that reads a
/// feature flag that can change while the program runs.
///
/// ```swift
/// // Tabulated: `Light` and `LightEvent` are payload-free and CaseIterable.
/// let light = TransitionFunction(initialState: Light.red) { (light: Light, event: LightEvent) in … }
/// light.isTabulated   // true
///
/// // The function reads a flag that may change: call it on every event.
/// let flagged = TransitionFunction(initialState: Light.red, evaluation: .onEveryEvent) {
///     (light: Light, event: LightEvent) in Flags.nightMode ? … : …
/// }
/// ```
///
/// Types qualify when they are `CaseIterable`, stored in at most one byte with no references (an enum
/// without payloads; `RawRepresentable` enums qualify, raw values do not matter) and have at most 254
/// cases (states) or 255 (events). A value that its type's `allCases` does not list is handled by calling
/// the function; a function that leads to a state `allCases` does not list is not tabulated, nor is a
/// hand-written one-byte state type one of whose listed values is stored as the byte `0xFE` or `0xFF` (the
/// table's markers; enum cases never are).
///
/// A machine whose definition is tabulated handles an event without marking itself busy when nothing but
/// the table is involved: no observer, no `didTransition`, no effect, no block for the pair. Its cost is
/// then the lookup and the change of state (`Core.schema` in `Benchmarks/README.md`).
///
/// ``TransitionFunction/isTabulated`` and ``StateMachineSchema/isTabulated`` tell whether a definition
/// was tabulated.
public enum LogicEvaluation: Sendable, Hashable, CaseIterable {
    /// Tabulate the logic when the state and event types allow it (see ``LogicEvaluation``); call it on
    /// every event otherwise. The default.
    case tabulatedWhenPossible
    /// Call the logic on every event, never ahead of time.
    case onEveryEvent
}
