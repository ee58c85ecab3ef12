import Foundation
import Statecraft
import StatecraftDiagrams
import StatecraftSCXML

/// Reads a machine file, choosing the reader by the file's extension.
///
/// `.json` files are read by `JSONMachineFormat`, `.scxml` files by `SCXMLParser` and described with
/// `SCXMLDocument.machineDescription()`. Further formats, and subcommands other than `diagram` (`run`, …),
/// plug in here.
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
            let document: SCXMLDocument
            do {
                document = try SCXMLParser.parse(data: data, file: path)
            } catch {
                throw .invalidSCXML(error)
            }
            do {
                return try document.machineDescription()
            } catch {
                throw .inconsistentMachine(file: path, error)
            }
        default:
            do {
                return try JSONMachineFormat.decode(data, file: path)
            } catch {
                throw .invalidJSON(error)
            }
        }
    }
}
