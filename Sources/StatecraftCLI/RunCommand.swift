import ArgumentParser
import Foundation
import Statecraft
import StatecraftSCXML

/// `statecraft run FILE [--events "e1 e2 …"]`: runs an SCXML chart on a virtual clock and prints one JSON
/// line per macrostep.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run an SCXML chart on a virtual clock, printing one JSON line per macrostep.",
        discussion: """
            FILE is an SCXML document (.scxml). The input events come from --events (separated by spaces) \
            or, without --events, from standard input, one per line (blank lines are skipped). An input \
            item +DELAY, such as +2s or +250ms, moves the virtual clock, delivering the delayed events \
            that fall due. Once the input is consumed, the remaining delayed events fire in time order, \
            without waiting, until none is left. A chart that keeps sending itself events stops after \
            --event-limit of them since the last input item; input events wait until the chart's own \
            events are processed, so input left at that point is not processed (exit status 4).

            Each macrostep prints {"event": …, "exited": […], "entered": […], "configuration": […]}: \
            the external event (null for the initial macrostep), the states exited and entered in the \
            order it happened, and the active states sorted by id. An event that no transition handles \
            still prints a line, with nothing exited or entered. The run stops when the chart reaches a \
            top-level final state.

            EXAMPLES:
              statecraft run door.scxml --events "open close lock"
              printf 'open\\n+5s\\nclose\\n' | statecraft run door.scxml
              statecraft run test144.scxml --log
              statecraft run door.scxml --events "open +2s" --save-snapshot door.json
              statecraft run door.scxml --restore door.json --events "close"

            SNAPSHOTS: --save-snapshot PATH writes the chart's state as JSON once the input is consumed \
            (configuration, history, data model, the delayed events still waiting with the time each has \
            left), without delivering the remaining delayed events. --restore PATH starts from such a \
            snapshot instead of the chart's initial state and prints no initial macrostep, so splitting \
            an input in two runs prints the same macrosteps as one run.

            EXIT STATUS:
              0   the input was consumed or the chart reached a top-level final state
              1   an input item is neither an event name nor a +DELAY pause, or standard output \
            cannot be written (closed or full)
              2   the file is missing, malformed or not a valid chart (FILE:LINE:COLUMN: problem), holds an \
            opaque guard (cond="statecraft.guard('…')", a Swift guard in an export), or the snapshot cannot \
            be read, written or does not fit the chart (naming what differs)
              3   a macrostep did not settle: eventless transitions, raised events or errors looped \
            until the bound; the run stops after that macrostep and the message names the loop
              4   the chart sent itself --event-limit events before the input was consumed; the message \
            names the last input item handled and the first one left (with --events, how many were left)
              64  the command line is wrong
            """
    )

    @Argument(help: "The SCXML chart (.scxml).", completion: .file(extensions: ["scxml"]))
    var file: String

    @Option(name: .long, help: "The input events, separated by spaces (default: read standard input).")
    var events: String?

    @Flag(name: .long, help: "Print the output of <log> elements and execution errors to standard error.")
    var log = false

    @Option(
        name: .long, help: "How many events the chart may send itself after each input item (any value up to Int.max).")
    var eventLimit = 10_000

    @Option(name: .long, help: "Write a snapshot (JSON) here once the input is consumed.", completion: .file())
    var saveSnapshot: String?

    @Option(name: .long, help: "Start from a snapshot written by --save-snapshot.", completion: .file())
    var restore: String?

    func validate() throws {
        guard eventLimit >= 0 else {
            throw ValidationError("--event-limit must not be negative")
        }
    }

    func run() throws {
        let session: SCXMLSession
        do {
            let document = try MachineFileLoader().loadSCXML(path: file)
            if let opaque = SCXMLOpaqueGuard.guards(in: document).first {
                let location = opaque.transition.sourceLocation
                Self.printError(
                    "\(file):\(location.line):\(location.column): the condition statecraft.guard('\(opaque.name)') "
                        + "stands for a guard whose code the document does not hold (a Swift guard in an export); "
                        + "run cannot decide it (statecraft validate treats it as may be true or false).")
                throw ExitCode(2)
            }
            do {
                session = try makeSession(document)
            } catch {
                Self.printError(error.description)
                throw ExitCode(2)
            }
        } catch let error as MachineFileLoaderError {
            Self.printError(error.description)
            throw ExitCode(2)
        }
        let input = RunInputReader(lines: inputLines())
        StandardOutput.reportBrokenPipes()
        var firstLoop: (event: String?, error: ChartLoopError)?
        var writeError: StandardOutput.WriteError?
        // `--event-limit 9223372036854775807` (Int.max) means "no limit": the session never adds to it.
        let outcome = session.run(
            input: input.lazy.prefix(while: { _ in writeError == nil }),
            eventLimit: eventLimit,
            finishDelayedEvents: saveSnapshot == nil
        ) { record in
            guard writeError == nil else { return }
            do throws(StandardOutput.WriteError) {
                try StandardOutput.write(record.jsonLine + "\n")
            } catch {
                writeError = error
            }
            if log { Self.printLogs(of: record) }
            if firstLoop == nil, let loop = record.loopError { firstLoop = (record.event, loop) }
        }
        if let writeError {
            Self.printError(writeError.description)
            throw ExitCode(1)
        }
        if let problem = input.problem {
            Self.printError(problem)
            throw ExitCode(1)
        }
        if let firstLoop {
            let place = firstLoop.event.map { "on event '\($0)'" } ?? "while starting"
            Self.printError("\(file): \(place): \(firstLoop.error)")
            throw ExitCode(3)
        }
        if case .eventLimitReached(let count) = outcome {
            let stop = "the chart sent itself \(count) events (--event-limit)"
            // Input the run never reached is not dropped silently: it ends the command with status 4.
            if let unread = input.unreadInput(countingAll: events != nil) {
                let after = input.lastItem.map { " after \($0)" } ?? " while starting"
                let left =
                    unread.count.map { "\($0) input item\($0 == 1 ? " was" : "s were")" } ?? "the rest of the input was"
                Self.printError("\(file): \(stop)\(after); \(left) not processed, starting with \(unread.first)")
                throw ExitCode(4)
            }
            FileHandle.standardError.write(Data("note: stopped after \(stop)\n".utf8))
        }
        if let saveSnapshot {
            let saved: SCXMLSessionSnapshot
            do {
                saved = try session.saveSnapshot()
            } catch {
                Self.printError("\(file): cannot save a snapshot: \(error.description)")
                throw ExitCode(2)
            }
            do {
                try RunSnapshotFile(path: saveSnapshot).write(saved)
            } catch {
                Self.printError(error.description)
                throw ExitCode(2)
            }
        }
    }

    /// A new session, or one restored from `--restore`.
    private func makeSession(_ document: SCXMLDocument) throws(RunSessionError) -> SCXMLSession {
        guard let restore else {
            do {
                return try SCXMLSession(document: document)
            } catch {
                throw .chart(error)
            }
        }
        let saved = try RunSnapshotFile(path: restore).read()
        do {
            return try SCXMLSession(document: document, restoring: saved)
        } catch {
            throw .restore(path: restore, error)
        }
    }

    /// The input items with where each came from: `--events` split at whitespace, or the non-blank
    /// lines of standard input, read one at a time.
    private func inputLines() -> AnyIterator<(source: String, text: String)> {
        if let events {
            let items = events.split(whereSeparator: \.isWhitespace).enumerated().map {
                (source: "--events item \($0.offset + 1)", text: String($0.element))
            }
            return AnyIterator(items.makeIterator())
        }
        var lineNumber = 0
        return AnyIterator { () -> (source: String, text: String)? in
            while let line = readLine() {
                lineNumber += 1
                if line.allSatisfy(\.isWhitespace) { continue }
                return (source: "standard input line \(lineNumber)", text: line)
            }
            return nil
        }
    }

    private static func printLogs(of record: SCXMLMacrostepRecord) {
        var text = ""
        for entry in record.logs { text += "log: \(entry)\n" }
        // Each error starts with the event it raised: error.execution or error.communication.
        for error in record.errors { text += "\(error.prefix { $0 != " " }): \(error)\n" }
        if !text.isEmpty { FileHandle.standardError.write(Data(text.utf8)) }
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }
}
