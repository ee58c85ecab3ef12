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

/// Why a machine file could not be loaded; every case names the file.
enum MachineFileLoaderError: Error, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(file: String)
    /// The path is a directory or cannot be read.
    case unreadable(file: String)
    /// The extension names no machine format.
    case unsupportedFileType(file: String)
    /// The file is SCXML, which this build cannot read yet.
    case scxmlNotAvailable(file: String)
    /// The JSON file is malformed or not a valid machine.
    case invalidJSON(JSONMachineFormatError)

    var description: String {
        switch self {
        case .fileNotFound(let file): "\(file): no such file"
        case .unreadable(let file): "\(file): cannot be read (is it a directory, or not readable?)"
        case .unsupportedFileType(let file):
            "\(file): unsupported machine file type; expected a .json file in the Statecraft machine format"
        case .scxmlNotAvailable(let file): "\(file): SCXML support is not available yet; use a .json file"
        case .invalidJSON(let error): error.description
        }
    }
}
