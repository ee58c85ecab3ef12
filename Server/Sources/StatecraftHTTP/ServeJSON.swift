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

    /// What request bodies, journal entries and snapshots (`SCXMLSessionSnapshot.jsonData()`) are read with.
    static let decoder = JSONDecoder()
}
