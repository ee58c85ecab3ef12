/// The states of the benchmark workload: a traffic light with a pedestrian crossing.
///
/// Eight states: the cars' cycle, the pedestrians' cycle, the all-red clearances between them and a
/// flashing-yellow fallback for faults and the night.
public enum Crossing: UInt8, CaseIterable, Sendable {
    /// Cars have green; nobody is waiting to cross.
    case carsGreen
    /// Cars have green and a pedestrian pressed the button: the green ends at the next timer.
    case carsGreenRequested
    /// Cars have yellow.
    case carsYellow
    /// Everything is red before the pedestrians walk.
    case clearanceToWalk
    /// Pedestrians walk.
    case walk
    /// The walk signal flashes: pedestrians must not start crossing.
    case walkEnding
    /// Everything is red before the cars go.
    case clearanceToCars
    /// Yellow flashes for the cars: a fault, or the night.
    case flashingYellow
}

/// The events of the benchmark workload.
public enum CrossingEvent: UInt8, CaseIterable, Sendable {
    /// The current phase's timer expired.
    case timer
    /// A pedestrian pressed the button.
    case button
    /// The loop detector sees cars waiting.
    case carWaiting
    /// A lamp failed.
    case fault
    /// The technician repaired the light.
    case repair
    /// The night began: the light switches to flashing yellow.
    case night
}
