/// A mistake on the `stenciltown` command line.
public enum StenciltownOptionsError: Error, Equatable, CustomStringConvertible {
    /// An option was given without its value.
    case missingValue(option: String)
    /// `--speed` was not a positive number.
    case invalidSpeed(String)
    /// `--url` was not an `http` or `https` URL with a host.
    case invalidURL(String)
    /// `--script` had a bad step.
    case badScript(StenciltownScriptError)
    /// An argument that is not an option.
    case unknownArgument(String)

    /// A message naming the offending argument.
    public var description: String {
        switch self {
        case .missingValue(let option): "\(option) needs a value"
        case .invalidSpeed(let text): "--speed needs a positive number, got '\(text)'"
        case .invalidURL(let text): "--url needs an http or https URL with a host, got '\(text)'"
        case .badScript(let error): "\(error)"
        case .unknownArgument(let argument): "unknown argument '\(argument)' (see --help)"
        }
    }
}
