import Statecraft

/// Collects the `<log>` output of a running chart until its session takes it.
final class SCXMLLogBuffer: Sendable {
    // `LockedValue`, not `Mutex`: the thread sanitizer sees its pthread lock (see `LockedValue`).
    private let entries = LockedValue<[SCXMLLogEntry]>([])

    /// Adds an entry.
    func append(_ entry: SCXMLLogEntry) {
        entries.withLock { $0.append(entry) }
    }

    /// Returns the entries collected so far and empties the buffer.
    func take() -> [SCXMLLogEntry] {
        entries.withLock { entries in
            defer { entries.removeAll() }
            return entries
        }
    }
}
