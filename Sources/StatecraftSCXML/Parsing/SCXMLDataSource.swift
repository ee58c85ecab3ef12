import Foundation

/// Reads the text of a `<data src="…">`: a `file:` URI or a path, relative to the document's directory.
/// Other schemes (`http:`) are not fetched.
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
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else {
                return .failure(Failure(message: "\(url.path) is larger than \(limit) bytes"))
            }
            guard let text = String(data: data, encoding: .utf8) else {
                return .failure(Failure(message: "\(url.path) is not UTF-8 text"))
            }
            return .success(text)
        } catch {
            return .failure(Failure(message: "\(url.path): \(error.localizedDescription)"))
        }
    }
}
