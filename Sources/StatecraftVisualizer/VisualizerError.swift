import StatecraftDiagrams
import StatecraftSCXML

/// Why a visualizer page could not be made or written.
public enum VisualizerError: Error, Sendable, CustomStringConvertible {
    /// Drawing the chart with Graphviz failed (`dot` is missing or failed).
    case drawing(DiagramError)
    /// The SCXML document, or the SCXML written from a machine description, cannot be run.
    case chart(SCXMLError)
    /// The page could not be written to `file`.
    case cannotWrite(file: String, reason: String)
    /// The chart has more states, or more states with children (drawn as clusters), than a page draws
    /// (``VisualizerDrawing/maximumStates``, ``VisualizerDrawing/maximumClusters``): Graphviz's layout of
    /// it would take minutes.
    case tooLargeToDraw(states: Int, clusters: Int)

    /// A one-line message naming the file or the problem.
    public var description: String {
        switch self {
        case .drawing(let error): "cannot draw the chart: \(error.description)"
        case .chart(let error): error.description
        case .cannotWrite(let file, let reason): "\(file): cannot write the page: \(reason)"
        case .tooLargeToDraw(let states, let clusters):
            "the chart has \(states) states, \(clusters) of them with children; a page draws at most "
                + "\(VisualizerDrawing.maximumStates) states and \(VisualizerDrawing.maximumClusters) with children, "
                + "since Graphviz's layout of a larger chart takes minutes: visualize a smaller part of it"
        }
    }
}
