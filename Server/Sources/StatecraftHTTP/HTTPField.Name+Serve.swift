import HTTPTypes

extension HTTPField.Name {
    /// `Idempotency-Key`: the request header that makes a retried event safe.
    static var idempotencyKey: Self { named("Idempotency-Key") }
    /// `Idempotent-Replayed`: `true` when the answer was rebuilt from the journal, not applied again.
    static var idempotentReplayed: Self { named("Idempotent-Replayed") }

    private static func named(_ text: String) -> Self {
        guard let name = Self(text) else { preconditionFailure("Internal inconsistency: \(text) is a header name") }
        return name
    }
}
