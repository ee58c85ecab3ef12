extension Statechart {
    /// The same chart without microstep plans (``ChartMicrostepPlans``): every step selects its transitions
    /// and computes their sets. Not API: for tests comparing the two.
    func withoutMicrostepPlans() -> Statechart {
        var copy = self
        copy.tables = tables.with(microstepPlans: nil)
        return copy
    }
}
