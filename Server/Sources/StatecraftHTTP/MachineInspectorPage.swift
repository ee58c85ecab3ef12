import Foundation
import StatecraftAnalysis
import StatecraftSCXML
import StatecraftVisualizer
import Synchronization

/// `GET /machines/{id}/inspect`: the visualizer page of the served chart, following one machine over its
/// live stream (`GET /machines/{id}/stream`, read with `EventSource`): the drawing highlights the machine's
/// configuration and the log lists each macrostep as it is committed.
///
/// The chart is explored and drawn (Graphviz's `dot`) once, at the first request, under
/// ``explorationLimits``; every page after that reuses the drawing.
final class MachineInspectorPage: Sendable {
    /// The bounds of the chart's exploration: the page follows any configuration, and shows the enabled
    /// events and details of those the exploration reached.
    static let explorationLimits = ExplorationLimits(
        maxConfigurations: 500, maxWork: 200_000, maxDuration: .seconds(5))

    private let document: SCXMLDocument
    private let prepared = Mutex<Result<Prepared, ServeError>?>(nil)

    private struct Prepared: Sendable {
        var page: VisualizerPage
        var drawing: VisualizerDrawing
    }

    /// A page of `document`'s machines.
    ///
    /// - Parameter document: The served chart.
    init(document: SCXMLDocument) {
        self.document = document
    }

    /// The page that follows `machine`.
    ///
    /// - Parameter machine: The machine's identifier (its stream's path is percent-encoded in the page).
    /// - Returns: The HTML document.
    /// - Throws: ``ServeError/inspectorUnavailable(reason:)`` when the chart cannot be explored or drawn.
    /// - Complexity: The first call explores and draws the chart; each call encodes the explored model.
    func html(machine: String) throws(ServeError) -> String {
        let prepared = try self.prepare().get()
        let path = "/machines/\(Self.percentEncoded(machine))/stream"
        var page = prepared.page
        page.title = "\(prepared.page.title): \(machine) (live)"
        return page.html(drawing: prepared.drawing, liveFeedPath: path, liveFeedTransport: .serverSentEvents)
    }

    /// The explored chart and its drawing, made at the first call.
    private func prepare() -> Result<Prepared, ServeError> {
        if let done = prepared.withLock({ $0 }) { return done }
        let result: Result<Prepared, ServeError>
        do {
            let page = try document.visualizerPage(limits: Self.explorationLimits)
            result = .success(Prepared(page: page, drawing: try VisualizerDrawing(machine: page.model.space.machine)))
        } catch {
            result = .failure(.inspectorUnavailable(reason: "\(error)"))
        }
        return prepared.withLock { stored in
            if let stored { return stored }
            stored = result
            return result
        }
    }

    /// `text` with every byte but the URL-unreserved ones (`A-Z a-z 0-9 - . _ ~`) percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = String(byte, radix: 16, uppercase: true)
                result += "%" + (digits.count == 1 ? "0" : "") + digits
            }
        }
        return result
    }
}
