import Foundation

/// The server's JSON encoding: keys sorted, so that the same state is always the same bytes; one encoder
/// and one decoder for the whole process (`JSONEncoder` and `JSONDecoder` are thread-safe once set up).
enum ServeJSON {
    /// What every answer and journal entry is written with: keys sorted, slashes not escaped.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// What the stored session snapshots are written with: keys in the order the snapshot encodes them
    /// (no client reads a snapshot's bytes, and sorting its keys is a cost every event pays).
    static let snapshotEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    /// What request bodies, journal entries and snapshots are read with.
    static let decoder = JSONDecoder()
}
