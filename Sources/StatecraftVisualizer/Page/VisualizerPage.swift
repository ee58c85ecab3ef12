import Foundation
import StatecraftAnalysis
import StatecraftDiagrams

/// One self-contained HTML page that shows a machine run: its chart drawn by Graphviz with the active
/// configuration highlighted, buttons for the events enabled now, an event log, step back and forward,
/// reset, and the delayed events waiting on a virtual clock with controls to advance it.
///
/// The page embeds a ``VisualizerModel`` as JSON and walks its state space, so it shows exactly what the
/// machine's step function does; it loads nothing (no external script, style, font or image) and works
/// from `file://` with the network off. Scripts and tests drive it through `window.statecraft`
/// (`send(name)`, `configuration()`, `reset()`, `advanceClock(ms)`, …; see the article
/// *Visualizing machines*).
///
/// ```swift
/// let page = VisualizerPage(model: .explore(chart), title: "Player")
/// try page.write(to: URL(fileURLWithPath: "player.html"))
/// ```
public struct VisualizerPage: Sendable {
    /// What the page shows and walks.
    public var model: VisualizerModel
    /// The page's title; the machine's name by default.
    public var title: String

    /// Creates a page.
    ///
    /// - Parameters:
    ///   - model: The explored machine.
    ///   - title: The title; `nil` uses the machine's name, or "Statecraft machine".
    public init(model: VisualizerModel, title: String? = nil) {
        self.model = model
        self.title = title ?? model.space.machine.name ?? "Statecraft machine"
    }

    /// The page's HTML, with the chart drawn by Graphviz's `dot`.
    ///
    /// - Parameter renderer: Finds and runs `dot`.
    /// - Returns: The HTML document.
    /// - Throws: ``VisualizerError/drawing(_:)`` when `dot` is missing or fails.
    /// - Complexity: One run of `dot`, plus O(*n*) in the size of the model.
    public func html(renderer: GraphvizRenderer = GraphvizRenderer()) throws(VisualizerError) -> String {
        html(drawing: try VisualizerDrawing(machine: model.space.machine, renderer: renderer))
    }

    /// The page's HTML with a given drawing.
    ///
    /// With `liveFeedPath`, the page follows a running program instead of its own graph: it connects to
    /// that path on the server it was loaded from (with the page's query, which carries the inspector's
    /// token) by `liveFeedTransport`, shows the configuration of each transition it receives, and offers no
    /// event buttons; its content security policy then allows connections to its own origin, and nothing
    /// else.
    ///
    /// - Parameters:
    ///   - drawing: The chart, drawn from ``model``'s machine.
    ///   - liveFeedPath: The path of the live feed (the inspector's `/stream`), or `nil` for a standalone page.
    ///   - liveFeedTransport: How the page reads the feed: the inspector's WebSocket, or `statecraft serve`'s
    ///     Server-Sent Events.
    /// - Returns: The HTML document.
    /// - Complexity: O(*n*) in the size of the model and the drawing.
    public func html(
        drawing: VisualizerDrawing, liveFeedPath: String? = nil,
        liveFeedTransport: VisualizerLiveFeedTransport = .webSocket
    ) -> String {
        let title = VisualizerDrawing.escaped(title)
        let connections = liveFeedPath == nil ? "" : " connect-src 'self';"
        var feed = liveFeedPath.map { " data-live-feed=\"\(VisualizerDrawing.escaped($0))\"" } ?? ""
        if liveFeedPath != nil && liveFeedTransport != .webSocket {
            feed += " data-live-feed-transport=\"\(liveFeedTransport.rawValue)\""
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none';\(connections) style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
            <meta name="generator" content="Statecraft visualizer \(model.version)">
            <title>\(title)</title>
            <style>
            \(VisualizerPageStyle.css)
            </style>
            </head>
            <body\(feed)>
            <header><h1>\(title)</h1><span class="summary" id="summary"></span></header>
            <p class="bound" id="bound" hidden></p>
            <main>
            <section id="diagram" aria-label="Chart">
            \(drawing.svg)
            </section>
            <aside>
            <section class="panel"><h2>Configuration</h2><ul id="configuration"></ul><pre class="note" id="details"></pre></section>
            <section class="panel"><h2>Events</h2><div id="events"></div></section>
            <section class="panel"><h2>Clock</h2>
            <div>Virtual time: <span class="mono" id="now"></span></div>
            <div class="note">Delayed events waiting:</div><ul id="pending"></ul>
            <button id="advance-next">Advance the clock to the next event</button>
            <div><input type="number" id="advance-ms" min="0" step="100" value="1000" aria-label="milliseconds"> ms <button id="advance-by">Advance by</button></div>
            </section>
            <section class="panel"><h2>Steps</h2><button id="back">&#8592; Back</button><button id="forward">Forward &#8594;</button><button id="reset">Reset</button></section>
            <section class="panel"><h2>Log</h2><ol id="log"></ol></section>
            </aside>
            </main>
            <script type="application/json" id="statecraft-model">\(Self.embeddedJSON(model))</script>
            <script>
            \(VisualizerPageScript.source)
            </script>
            </body>
            </html>

            """
    }

    /// Writes the page's HTML to `url`.
    ///
    /// - Parameters:
    ///   - url: The file to write.
    ///   - renderer: Finds and runs `dot`.
    /// - Throws: ``VisualizerError/drawing(_:)`` when `dot` is missing or fails,
    ///   ``VisualizerError/cannotWrite(file:reason:)`` when the file cannot be written.
    public func write(to url: URL, renderer: GraphvizRenderer = GraphvizRenderer()) throws(VisualizerError) {
        let text = try html(renderer: renderer)
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(file: url.path, reason: error.localizedDescription)
        }
    }

    /// The model as JSON that is safe inside a `<script>` element: `<`, `>` and `&` are written as
    /// `\u003c`, `\u003e` and `\u0026`, which JSON reads back as the same characters.
    static func embeddedJSON(_ model: VisualizerModel) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(model) else {
            preconditionFailure("Internal inconsistency: a visualizer model failed to encode")
        }
        var result = ""
        for character in String(decoding: data, as: UTF8.self) {
            switch character {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            default: result.append(character)
            }
        }
        return result
    }
}
