import Foundation
import StatecraftAnalysis
import StatecraftSCXML

extension SCXMLDocument {
    /// The visualizer page of the document (see ``VisualizerModel/explore(document:limits:)``).
    ///
    /// ```swift
    /// try SCXMLParser.parse(contentsOf: url).visualizerPage().write(to: URL(fileURLWithPath: "chart.html"))
    /// ```
    ///
    /// - Parameters:
    ///   - limits: The bounds of exploration.
    ///   - title: The page's title.
    /// - Returns: The page.
    /// - Throws: ``VisualizerError/chart(_:)`` when the document's chart cannot be built.
    /// - Complexity: O(*c* · *e*) macrosteps for *c* configurations and *e* events.
    public func visualizerPage(limits: ExplorationLimits = .visualizerPage, title: String? = nil)
        throws(VisualizerError) -> VisualizerPage
    {
        do {
            return VisualizerPage(model: try .explore(document: self, limits: limits), title: title)
        } catch {
            throw .chart(error)
        }
    }
}
