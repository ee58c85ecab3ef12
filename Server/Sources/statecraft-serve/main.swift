import ArgumentParser
import Foundation
import StatecraftHTTP
import StatecraftPersistence
import StatecraftSCXML

/// `statecraft-serve CHART.scxml --store URL [--http HOST:PORT] [--token TOKEN]`: machines of an SCXML chart
/// over HTTP, durable in a store. `statecraft serve` runs it.
@main
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statecraft-serve",
        abstract: "Serve machines of an SCXML chart over HTTP, durable in a store.",
        discussion: """
            Machines of CHART are created with POST /machines and driven with POST /machines/ID/events; \
            each event is stored with the machine's snapshot and one journal entry, exactly once per \
            Idempotency-Key. POST /scxml/ID takes SCXML's Basic HTTP events (the location _ioprocessors \
            gives). A chart's <send delay> fires when it falls due, and after a restart at once when \
            overdue. GET /openapi.yaml serves the API's OpenAPI document.

            The server listens on loopback (127.0.0.1:8080) by default. Any other address needs a bearer \
            token (--token, or STATECRAFT_SERVE_TOKEN), which every request must then carry. It prints \
            `listening on http://HOST:PORT` once it listens, and stops on SIGINT or SIGTERM.

            EXAMPLES:
              statecraft-serve order.scxml --store sqlite:orders.sqlite
              statecraft-serve order.scxml --store postgres://app@127.0.0.1/orders --http 127.0.0.1:0

            EXIT STATUS:
              0   stopped by SIGINT or SIGTERM
              1   the server could not listen
              2   the chart, the store URL, the store or the address cannot be used
              64  the command line is wrong
            """)

    @Argument(help: "The SCXML chart.", completion: .file(extensions: ["scxml"]))
    var chart: String

    @Option(name: .long, help: "Where machines live: sqlite:PATH or postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE.")
    var store: String

    @Option(name: .long, help: "The address to listen on, HOST:PORT (port 0 picks a free one).")
    var http = "127.0.0.1:8080"

    @Option(name: .long, help: "The bearer token every request must carry (default: $STATECRAFT_SERVE_TOKEN).")
    var token: String?

    @Option(name: .long, help: "The largest request body, in bytes.")
    var maxBodyBytes = ServeLimits().maximumBodyBytes

    @Option(name: .long, help: "The largest event data, in bytes of JSON.")
    var maxEventDataBytes = ServeLimits().maximumEventDataBytes

    func validate() throws {
        guard maxBodyBytes > 0, maxEventDataBytes > 0 else {
            throw ValidationError("--max-body-bytes and --max-event-data-bytes must be positive")
        }
    }

    func run() async throws {
        let setup: (document: SCXMLDocument, location: StoreLocation, configuration: ServeConfiguration)
        do {
            setup = try prepare()
        } catch {
            Self.printError("\(error)")
            throw ExitCode(2)
        }
        let store: any MachineStore
        do {
            store = try await setup.location.open()
        } catch {
            Self.printError("\(error)")
            throw ExitCode(2)
        }
        do {
            try await ServeServer.run(document: setup.document, store: store, configuration: setup.configuration) {
                port in
                let host =
                    setup.configuration.host.contains(":") ? "[\(setup.configuration.host)]" : setup.configuration.host
                // Unbuffered: a script waiting for this line reads it at once, even through a pipe.
                FileHandle.standardOutput.write(Data("listening on http://\(host):\(port)\n".utf8))
            }
        } catch {
            Self.printError("cannot serve on \(http): \(error)")
            throw ExitCode(1)
        }
    }

    /// The chart, the store's location and the configuration, checked before anything opens.
    private func prepare() throws(ServeSetupError) -> (SCXMLDocument, StoreLocation, ServeConfiguration) {
        let document: SCXMLDocument
        do {
            document = try SCXMLParser.parse(contentsOf: URL(fileURLWithPath: chart))
            // Build and start it once, so that a chart that cannot run is reported now, not per machine.
            _ = try SCXMLSession(document: document)
        } catch {
            throw .chart(path: chart, problem: "\(error)")
        }
        let location = try StoreLocation(store)
        let limits = ServeLimits(maximumBodyBytes: maxBodyBytes, maximumEventDataBytes: maxEventDataBytes)
        let token = token ?? ProcessInfo.processInfo.environment["STATECRAFT_SERVE_TOKEN"]
        let configuration = try ServeConfiguration(http: http, token: token, limits: limits)
        return (document, location, configuration)
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data("statecraft-serve: \(message)\n".utf8))
    }
}
