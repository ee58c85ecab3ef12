import Foundation

/// Reads the text of a `<data src="…">`: a `file:` URI or a path, relative to the document's directory.
/// Other schemes (`http:`) are not fetched, and only regular files are read (``SCXMLRegularFileReader``):
/// a FIFO or a device is refused rather than waited on.
enum SCXMLDataSource {
    /// Why a source could not be read.
    struct Failure: Error {
        /// A sentence saying why.
        let message: String
    }

    /// Reads a source.
    ///
    /// - Parameters:
    ///   - src: the attribute's value.
    ///   - documentPath: the document's path, if it was read from a file.
    ///   - limit: the most bytes read (``SCXMLLimits/maximumDocumentSize``).
    /// - Returns: the text, or why it could not be read.
    static func read(_ src: String, relativeTo documentPath: String?, limit: Int) -> Result<String, Failure> {
        var path = src
        if path.hasPrefix("file://") {
            path = String(path.dropFirst("file://".count))
        } else if path.hasPrefix("file:") {
            path = String(path.dropFirst("file:".count))
        } else if let colon = path.firstIndex(of: ":"), path[..<colon].allSatisfy(\.isLetter), path[..<colon].count > 1
        {
            return .failure(Failure(message: "only file: sources are read, not \(path[..<colon]):"))
        }
        let url: URL
        if path.hasPrefix("/") {
            url = URL(fileURLWithPath: path)
        } else if let documentPath {
            url = URL(fileURLWithPath: documentPath).deletingLastPathComponent().appendingPathComponent(path)
        } else {
            return .failure(Failure(message: "a relative source needs a document read from a file"))
        }
        let data: Data
        switch SCXMLRegularFileReader.read(url.path, limit: limit) {
        case .success(let bytes): data = bytes
        case .failure(let failure): return .failure(Failure(message: failure.message))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(Failure(message: "\(url.path) is not UTF-8 text"))
        }
        return .success(text)
    }
}
