import Foundation
import Statecraft
import StatecraftDiagrams
import StatecraftSCXML

/// Reads a machine file, choosing the reader by the file's extension.
///
/// `.json` files are read by `JSONMachineFormat`, `.scxml` files by `SCXMLParser` and described with
/// `SCXMLDocument.machineDescription()`. ``loadSCXML(path:)`` reads the SCXML document itself for `run`.
struct MachineFileLoader {
    /// Reads the machine at `path`.
    ///
    /// - Throws: ``MachineFileLoaderError`` naming the file (and line and column for a malformed file).
    func load(path: String) throws(MachineFileLoaderError) -> MachineDescription {
        let type = (path as NSString).pathExtension.lowercased()
        guard type == "json" || type == "scxml" else { throw .unsupportedFileType(file: path) }
        let data = try contents(of: path)
        switch type {
        case "scxml":
            let document = try parseSCXML(data, path: path)
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

    /// Reads the SCXML document at `path`, for commands that run charts (`statecraft run`).
    ///
    /// - Throws: ``MachineFileLoaderError`` naming the file (and line and column for a malformed file).
    func loadSCXML(path: String) throws(MachineFileLoaderError) -> SCXMLDocument {
        guard (path as NSString).pathExtension.lowercased() == "scxml" else {
            throw .notSCXML(file: path)
        }
        return try parseSCXML(try contents(of: path), path: path)
    }

    private func contents(of path: String) throws(MachineFileLoaderError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(file: path)
        }
        guard !isDirectory.boolValue, let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(file: path)
        }
        defer { try? handle.close() }
        // One byte more than the limit shows that a file is too large without reading all of a huge file
        // (or of a device such as /dev/zero).
        let limit = SCXMLLimits.default.maximumDocumentSize
        guard let data = try? handle.read(upToCount: limit + 1) else {
            throw .unreadable(file: path)
        }
        if data.count > limit {
            throw .tooLarge(file: path, limit: limit)
        }
        return data
    }

    private func parseSCXML(_ data: Data, path: String) throws(MachineFileLoaderError) -> SCXMLDocument {
        do {
            return try SCXMLParser.parse(data: data, file: path)
        } catch {
            throw .invalidSCXML(error)
        }
    }
}
