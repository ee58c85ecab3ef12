import Foundation
import StatecraftSCXML

/// The snapshot file of `statecraft run --save-snapshot` / `--restore`: an ``SCXMLSessionSnapshot`` as
/// pretty-printed JSON with sorted keys, so that two saves of the same state are byte for byte equal.
struct RunSnapshotFile {
    /// Where the file is.
    let path: String

    /// The largest snapshot file read, in bytes: as large as the largest document
    /// (`SCXMLLimits.maximumDocumentSize`), so that `--restore /dev/zero` ends with an error.
    static let maximumSize = SCXMLLimits.default.maximumDocumentSize

    /// Reads and decodes the snapshot; at most ``maximumSize`` bytes are read.
    ///
    /// - Throws: ``RunSessionError/unreadableSnapshot(path:reason:)``.
    func read() throws(RunSessionError) -> SCXMLSessionSnapshot {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: Self.maximumSize + 1) ?? Data()
        } catch {
            throw .unreadableSnapshot(path: path, reason: "cannot read the file (\(error.localizedDescription))")
        }
        guard data.count <= Self.maximumSize else {
            throw .unreadableSnapshot(path: path, reason: "the file is larger than \(Self.maximumSize) bytes")
        }
        do {
            return try JSONDecoder().decode(SCXMLSessionSnapshot.self, from: data)
        } catch {
            throw .unreadableSnapshot(path: path, reason: "not a statecraft run snapshot (\(error))")
        }
    }

    /// Encodes and writes the snapshot, replacing the file atomically.
    ///
    /// - Throws: ``RunSessionError/unwritableSnapshot(path:reason:)``.
    func write(_ snapshot: SCXMLSessionSnapshot) throws(RunSessionError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try encoder.encode(snapshot).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .unwritableSnapshot(path: path, reason: error.localizedDescription)
        }
    }
}
