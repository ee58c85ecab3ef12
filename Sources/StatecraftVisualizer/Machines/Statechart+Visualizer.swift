import Foundation
import Statecraft
import StatecraftAnalysis

extension Statechart {
    /// The visualizer page of the chart, explored with `events` (see ``VisualizerModel/explore(_:events:limits:)``).
    ///
    /// - Parameters:
    ///   - events: The events to offer in every configuration.
    ///   - limits: The bounds of exploration.
    ///   - title: The page's title.
    /// - Returns: The page.
    /// - Complexity: O(*c* · *e*) macrosteps for *c* configurations and *e* events.
    public func visualizerPage(events: [Event], limits: ExplorationLimits = .visualizerPage, title: String? = nil)
        -> VisualizerPage
    {
        VisualizerPage(model: .explore(self, events: events, limits: limits), title: title)
    }

    /// Writes the chart's self-contained visualizer page (HTML) to `url`.
    ///
    /// ```swift
    /// try playerChart.writeVisualizer(to: URL(fileURLWithPath: "player.html"), events: Input.allCases)
    /// ```
    ///
    /// - Parameters:
    ///   - url: The file to write.
    ///   - events: The events to offer in every configuration.
    ///   - limits: The bounds of exploration.
    ///   - title: The page's title.
    /// - Returns: Why the page shows only part of the machine — the bound exploration hit and the context
    ///   fields that kept changing — or `nil` when it shows all of it.
    /// - Throws: ``VisualizerError`` when `dot` is missing or fails, the chart is too large to draw, or the
    ///   file cannot be written.
    @discardableResult
    public func writeVisualizer(
        to url: URL, events: [Event], limits: ExplorationLimits = .visualizerPage, title: String? = nil
    ) throws(VisualizerError) -> IncompleteExploration? {
        try VisualizerDrawing.checkSize(of: machineDescription())
        let page = visualizerPage(events: events, limits: limits, title: title)
        try page.write(to: url)
        return page.model.space.incompleteness
    }
}

extension Statechart where Event: CaseIterable {
    /// Writes the chart's self-contained visualizer page (HTML) to `url`, offering every event.
    ///
    /// ```swift
    /// try playerChart.writeVisualizer(to: URL(fileURLWithPath: "player.html"))
    /// ```
    ///
    /// - Parameters:
    ///   - url: The file to write.
    ///   - limits: The bounds of exploration.
    ///   - title: The page's title.
    /// - Returns: Why the page shows only part of the machine — the bound exploration hit and the context
    ///   fields that kept changing — or `nil` when it shows all of it.
    /// - Throws: ``VisualizerError`` when `dot` is missing or fails, the chart is too large to draw, or the
    ///   file cannot be written.
    @discardableResult
    public func writeVisualizer(to url: URL, limits: ExplorationLimits = .visualizerPage, title: String? = nil)
        throws(VisualizerError) -> IncompleteExploration?
    {
        try writeVisualizer(to: url, events: Array(Event.allCases), limits: limits, title: title)
    }
}
