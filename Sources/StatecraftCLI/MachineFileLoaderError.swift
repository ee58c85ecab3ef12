import StatecraftDiagrams

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
