import Statecraft
import StenciltownKit

/// Stenciltown's transition table without its work: ``decide(state:event:)`` is
/// `StenciltownDefinition`'s, and no hook starts an effect.
///
/// `StenciltownDefinition` starts async work when it enters `initial`, `fetching` and `downloading`. A
/// benchmark that drives the machine synchronously measures the transitions with this definition, and
/// the real definition separately (``StenciltownMachines/makeMachineWithEffects()``).
public struct StenciltownTransitions: MachineDefinition, Sendable {
    /// The definition whose table this one uses.
    public let base: StenciltownDefinition

    /// Creates the table of `base`.
    ///
    /// - Parameter base: The Stenciltown definition.
    public init(base: StenciltownDefinition) {
        self.base = base
    }

    /// ``StenciltownState/initial``.
    public var initialState: StenciltownState { base.initialState }

    /// `StenciltownDefinition`'s decision.
    public func decide(state: StenciltownState, event: StenciltownEvent) -> TransitionDecision<StenciltownState, Void>?
    {
        base.decide(state: state, event: event)
    }
}

/// The Stenciltown machines the benchmarks drive, both without network: the download is simulated and no
/// run loop runs, so no effect ever starts.
public enum StenciltownMachines {
    /// The definition with the default environment (simulated download, no ``HTTPDownloader``).
    public static let definition = StenciltownDefinition(environment: StenciltownEnvironment())

    /// A machine running Stenciltown's transitions only (``StenciltownTransitions``).
    public static func makeMachine() -> StateMachine<StenciltownTransitions> {
        StateMachine(definition: StenciltownTransitions(base: definition))
    }

    /// A machine running the real `StenciltownDefinition`: entering `initial`, `fetching` or
    /// `downloading` builds the state's `StateEffect` and starts it, which, with no run loop running,
    /// queues it until the machine leaves the state and drops it.
    public static func makeMachineWithEffects() -> StenciltownMachine {
        StateMachine(definition: definition)
    }
}

extension Drive {
    /// A Stenciltown machine running its transitions only.
    @inline(never)
    public static func stenciltown(_ machine: StateMachine<StenciltownTransitions>, _ events: [StenciltownEvent])
        -> UInt64
    {
        runStenciltown(machine, events)
    }

    /// A Stenciltown machine running the real definition, effects queued but never run.
    @inline(never)
    public static func stenciltownWithEffects(_ machine: StenciltownMachine, _ events: [StenciltownEvent]) -> UInt64 {
        runStenciltown(machine, events)
    }

    @inline(__always)
    static func runStenciltown<Definition: MachineDefinition>(
        _ machine: StateMachine<Definition>, _ events: [StenciltownEvent]
    ) -> UInt64 where Definition.State == StenciltownState, Definition.Event == StenciltownEvent {
        var checksum: UInt64 = 0
        for event in events {
            machine.handle(event)
            checksum &+= StenciltownStream.digest(of: machine.state)
        }
        return checksum
    }
}
