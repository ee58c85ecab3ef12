import Statecraft
import StatecraftDiagrams
import StatecraftSCXML

/// Why a machine file could not be loaded; every case names the file.
enum MachineFileLoaderError: Error, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(file: String)
    /// The path is a directory or cannot be read.
    case unreadable(file: String)
    /// The file is larger than `SCXMLLimits.default.maximumDocumentSize`.
    case tooLarge(file: String, limit: Int)
    /// The extension names no machine format.
    case unsupportedFileType(file: String)
    /// The command runs SCXML charts only, and the file is not one.
    case notSCXML(file: String)
    /// The SCXML file is malformed, uses an unsupported element, or breaks SCXML's structural rules.
    case invalidSCXML(SCXMLError)
    /// The file parsed but does not describe a consistent machine.
    case inconsistentMachine(file: String, MachineDescriptionError)
    /// The JSON file is malformed or not a valid machine.
    case invalidJSON(JSONMachineFormatError)

    var description: String {
        switch self {
        case .fileNotFound(let file): "\(file): no such file"
        case .unreadable(let file): "\(file): cannot be read (is it a directory, or not readable?)"
        case .tooLarge(let file, let limit):
            "\(file): the file is larger than the limit of \(limit) bytes (SCXMLLimits.maximumDocumentSize)"
        case .unsupportedFileType(let file):
            "\(file): unsupported machine file type; expected .json (the Statecraft machine format) or .scxml"
        case .notSCXML(let file): "\(file): not an SCXML file; expected .scxml"
        case .invalidSCXML(let error): error.description
        case .inconsistentMachine(let file, let error): "\(file): \(error.description)"
        case .invalidJSON(let error): error.description
        }
    }
}
