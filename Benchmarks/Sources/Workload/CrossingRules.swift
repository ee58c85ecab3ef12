/// The reference transition table of the pedestrian crossing, written as a hand-written
/// `switch (state, event)`: the baseline every Statecraft style is compared against, and the logic each
/// style's definition calls.
///
/// | state | valid events |
/// | --- | --- |
/// | carsGreen | timer (restart), button, night, fault |
/// | carsGreenRequested | timer, night, fault |
/// | carsYellow | timer, fault |
/// | clearanceToWalk | timer, fault |
/// | walk | timer, carWaiting, fault |
/// | walkEnding | timer, fault |
/// | clearanceToCars | timer, carWaiting, fault |
/// | flashingYellow | repair |
public enum CrossingRules {
    /// The state after `event` in `state`, or `nil` when `state` ignores `event`.
    @inline(__always)
    public static func next(from state: Crossing, on event: CrossingEvent) -> Crossing? {
        switch (state, event) {
        case (.carsGreen, .timer): .carsGreen
        case (.carsGreen, .button): .carsGreenRequested
        case (.carsGreen, .night), (.carsGreenRequested, .night): .flashingYellow
        case (.carsGreenRequested, .timer): .carsYellow
        case (.carsYellow, .timer): .clearanceToWalk
        case (.clearanceToWalk, .timer): .walk
        case (.walk, .timer), (.walk, .carWaiting): .walkEnding
        case (.walkEnding, .timer): .clearanceToCars
        case (.clearanceToCars, .timer), (.clearanceToCars, .carWaiting): .carsGreen
        case (.flashingYellow, .repair): .clearanceToCars
        case (.flashingYellow, _): nil
        case (_, .fault): .flashingYellow
        default: nil
        }
    }

    /// Whether the crossing may change from `from` to `to` — the same table seen as pairs of states,
    /// for the guarded-assignment style, where a request names the target state instead of an event.
    @inline(__always)
    public static func allows(from: Crossing, to: Crossing) -> Bool {
        switch (from, to) {
        case (.carsGreen, .carsGreen), (.carsGreen, .carsGreenRequested): true
        case (.carsGreenRequested, .carsYellow): true
        case (.carsYellow, .clearanceToWalk): true
        case (.clearanceToWalk, .walk): true
        case (.walk, .walkEnding): true
        case (.walkEnding, .clearanceToCars): true
        case (.clearanceToCars, .carsGreen): true
        case (.flashingYellow, .clearanceToCars): true
        case (.flashingYellow, _): false
        case (_, .flashingYellow): true
        default: false
        }
    }
}
