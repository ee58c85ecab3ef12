/// Why the `orders` driver stopped.
public enum OrdersError: Error, Equatable, CustomStringConvertible {
    /// `--store` is neither `sqlite:PATH` nor a `postgres://` URL.
    case badStore(String)
    /// Verification found problems (listed).
    case inconsistent([String])
    /// A duration option is not a whole number with `ms`, `s` or `m`.
    case badDuration(String)
    /// `orders bench` was given a store that already holds journaled or accepted events.
    case storeNotEmpty

    /// A sentence saying what is wrong.
    public var description: String {
        switch self {
        case .badStore(let text): "--store \(text): expected sqlite:PATH or postgres://USER@HOST[:PORT]/DATABASE"
        case .inconsistent(let problems): "the store is inconsistent:\n" + problems.joined(separator: "\n")
        case .badDuration(let text): "\(text): expected a whole number with ms, s or m (500ms, 3s, 2m)"
        case .storeNotEmpty: "orders bench needs an empty store: this one holds journaled or accepted events"
        }
    }
}
