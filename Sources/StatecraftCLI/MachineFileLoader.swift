import Foundation
import Statecraft
import StatecraftDiagrams

/// Reads a machine file, choosing the reader by the file's extension.
///
/// This is the seam for more input formats: `.json` is read by ``JSONMachineFormat``; `.scxml` is recognised
/// but reported as not available yet (the SCXML reader plugs in here); subcommands other than `diagram`
/// (`run`, …) load their machines through the same loader.
struct MachineFileLoader {
    /// Reads the machine at `path`.
    ///
    /// - Throws: ``MachineFileLoaderError`` naming the file (and line and column for a malformed file).
    func load(path: String) throws(MachineFileLoaderError) -> MachineDescription {
        let type = (path as NSString).pathExtension.lowercased()
        guard type == "json" || type == "scxml" else { throw .unsupportedFileType(file: path) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(file: path)
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(file: path)
        }
        switch type {
        case "scxml":
            throw .scxmlNotAvailable(file: path)
        default:
            do {
                return try JSONMachineFormat.decode(data, file: path)
            } catch {
                throw .invalidJSON(error)
            }
        }
    }
}
