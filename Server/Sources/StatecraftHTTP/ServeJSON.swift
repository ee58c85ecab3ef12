import Foundation

/// The server's one JSON encoding: keys sorted, so that the same state is always the same bytes.
enum ServeJSON {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static var decoder: JSONDecoder { JSONDecoder() }
}
