/// The states of ``DeepCrossingChart``: the pedestrian crossing's eight states nested in a hierarchy,
/// in one region of a parallel state whose other region monitors the lamps.
///
/// ```
/// junction (parallel)
/// ├── crossing
/// │   ├── cars
/// │   │   ├── green
/// │   │   │   ├── carsGreen
/// │   │   │   └── carsGreenRequested
/// │   │   └── carsYellow
/// │   ├── pedestrians
/// │   │   ├── clearanceToWalk
/// │   │   ├── walkPhase
/// │   │   │   ├── walk
/// │   │   │   └── walkEnding
/// │   │   └── clearanceToCars
/// │   └── flashingYellow
/// └── lamps
///     ├── lampsOK
///     └── lampsFaulty
/// ```
public enum DeepCrossingState: Hashable, Sendable {
    /// The parallel root: the crossing and the lamp monitor run together.
    case junction
    /// The region running the crossing.
    case crossing
    /// The cars' phases.
    case cars
    /// Cars have green, with or without a pedestrian waiting.
    case green
    /// ``Crossing/carsGreen``.
    case carsGreen
    /// ``Crossing/carsGreenRequested``.
    case carsGreenRequested
    /// ``Crossing/carsYellow``.
    case carsYellow
    /// The pedestrians' phases and the clearances around them.
    case pedestrians
    /// ``Crossing/clearanceToWalk``.
    case clearanceToWalk
    /// Pedestrians may walk, or the walk signal is ending.
    case walkPhase
    /// ``Crossing/walk``.
    case walk
    /// ``Crossing/walkEnding``.
    case walkEnding
    /// ``Crossing/clearanceToCars``.
    case clearanceToCars
    /// ``Crossing/flashingYellow``.
    case flashingYellow
    /// The region monitoring the lamps.
    case lamps
    /// Every lamp works.
    case lampsOK
    /// A lamp failed and has not been repaired yet.
    case lampsFaulty
}

/// The extended state of ``DeepCrossingChart``.
public struct DeepCrossingContext: Sendable {
    /// The crossing's current state, recorded by the entry action of each atomic crossing state.
    public var crossing: Crossing = .carsGreen
    /// How many times the lamp monitor entered ``DeepCrossingState/lampsFaulty``.
    public var lampFaults = 0

    /// A context in `carsGreen` with no fault counted.
    public init() {}
}
