extension Duration {
    /// The duration in seconds for messages: `10 s`, `0.25 s`, `12.3 s` (at most two decimals).
    var secondsText: String {
        let hundredths = (components.seconds * 100) + components.attoseconds / 10_000_000_000_000_000
        let whole = hundredths / 100
        let fraction = hundredths % 100
        if fraction == 0 { return "\(whole) s" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(whole).\(digits) s"
    }
}
