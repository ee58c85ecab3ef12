import Foundation
import Statecraft
import StatecraftAnalysis

extension MachineDefinition {
    /// The visualizer page of the definition, explored from its initial state with `events` (states are
    /// samples for the drawing; see ``VisualizerModel/explore(definition:states:events:limits:)``).
    ///
    /// - Parameters:
    ///   - states: Sample states for the drawing.
    ///   - events: The events to offer in every state.
    ///   - limits: The bounds of exploration.
    ///   - title: The page's title.
    /// - Returns: The page.
    /// - Complexity: O(*c* · *e*) decisions for *c* states reached and *e* events.
    public func visualizerPage(
        states: [State], events: [Event], limits: ExplorationLimits = .visualizerPage, title: String? = nil
    ) -> VisualizerPage {
        VisualizerPage(model: .explore(definition: self, states: states, events: events, limits: limits), title: title)
    }

    /// Writes the definition's self-contained visualizer page (HTML) to `url`.
    ///
    /// - Parameters:
    ///   - url: The file to write.
    ///   - states: Sample states for the drawing.
    ///   - events: The events to offer in every state.
    ///   - limits: The bounds of exploration.
    ///   - title: The page's title.
    /// - Returns: Why the page shows only part of the machine — the bound exploration hit and the context
    ///   fields that kept changing — or `nil` when it shows all of it.
    /// - Throws: ``VisualizerError`` when `dot` is missing or fails, the chart is too large to draw, or the
    ///   file cannot be written.
    @discardableResult
    public func writeVisualizer(
        to url: URL, states: [State], events: [Event], limits: ExplorationLimits = .visualizerPage,
        title: String? = nil
    ) throws(VisualizerError) -> IncompleteExploration? {
        let page = visualizerPage(states: states, events: events, limits: limits, title: title)
        try page.write(to: url)
        return page.model.space.incompleteness
    }
}

extension MachineDefinition where State: CaseIterable, Event: CaseIterable {
    /// Writes the definition's self-contained visualizer page (HTML) to `url`, with every state and event.
    ///
    /// ```swift
    /// try schema.writeVisualizer(to: URL(fileURLWithPath: "screen.html"))
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
        try writeVisualizer(
            to: url, states: Array(State.allCases), events: Array(Event.allCases), limits: limits, title: title)
    }
}
