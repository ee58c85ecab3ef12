import ArgumentParser
import Foundation
import StatecraftAnalysis

/// `statecraft paths FILE [--to STATE] [--cover states|transitions]`: shortest event sequences through an
/// SCXML chart, one per line, in the form `statecraft run FILE --events "…"` reads.
struct PathsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paths",
        abstract: "Print shortest event sequences that reach states or take transitions of an SCXML chart.",
        discussion: """
            The chart is explored from its start with every event its transitions name (as `statecraft \
            validate` does). Each printed line is one event sequence, events separated by spaces — \
            exactly what `statecraft run FILE --events "…"` reads; an empty line is the empty sequence \
            (the state is active from the start).

            --to STATE prints one shortest sequence after which STATE is active. --cover states (the \
            default) prints one shortest sequence per reachable state, each distinct sequence once, in the \
            order of the states in the document. --cover transitions prints sequences that together take \
            every transition the exploration took, dropping any that is a prefix of another.

            Exploration is bounded as in `statecraft validate` (--max-configurations, --max-depth, \
            --max-work, --max-seconds). When it stops at a bound, a warning on standard error says so \
            first, the paths found in what was explored are printed, and the status is 3: states or \
            transitions beyond the bound are not covered. A sequence --to finds is a shortest one all \
            the same.

            Exploration does not deliver the events a chart sends itself (<send>): a chart that does may \
            move on further under `statecraft run`, which delivers them.

            EXAMPLES:
              statecraft paths door.scxml --to locked
              statecraft paths door.scxml --cover transitions
              statecraft paths door.scxml --json

            EXIT STATUS:
              0   the paths were printed
              1   STATE is not a state of the chart, or no sequence reaches it
              2   the file is missing, malformed or not a valid chart
              3   exploration stopped at a bound: the paths cover only what it explored,
                  or no explored sequence reaches STATE
              64  the command line is wrong
            """
    )

    /// What the sequences must cover.
    enum Coverage: String, ExpressibleByArgument, CaseIterable {
        case states, transitions
    }

    @OptionGroup var exploration: ExplorationOptions

    @Option(name: .long, help: "Print one shortest sequence after which this state is active.")
    var to: String?

    @Option(name: .long, help: "Cover every reachable state (states) or every taken transition (transitions).")
    var cover: Coverage = .states

    @Flag(name: .long, help: "Print the sequences as JSON, each with the states it reaches or transitions it takes.")
    var json = false

    /// One transition a sequence takes, in `--json` output.
    struct TakenTransition: Encodable {
        let transition: Int
        let source: String
        let event: String?
        let targets: [String]
    }

    /// One sequence in `--json` output: `reaches` for states, `takes` for transitions.
    struct PrintedPath: Encodable {
        let events: [String]
        var reaches: [String]?
        var takes: [TakenTransition]?
    }

    func run() throws {
        let (_, space) = try exploration.explore()
        var printed: [PrintedPath] = []
        if let to {
            guard space.machine.state(withID: to) != nil else {
                ExplorationOptions.printError("'\(to)' is not a state of \(exploration.file)")
                throw ExitCode(1)
            }
            guard let path = space.path(to: to) else {
                ExplorationOptions.printError("no explored event sequence reaches '\(to)' (\(space.summary))")
                throw ExitCode(space.isComplete ? 1 : ExplorationLimitOptions.incompleteStatus)
            }
            printed = [PrintedPath(events: path.events, reaches: [to])]
        } else if cover == .states {
            for (state, path) in space.statePaths() {
                if let same = printed.firstIndex(where: { $0.events == path.events }) {
                    printed[same].reaches?.append(state)
                } else {
                    printed.append(PrintedPath(events: path.events, reaches: [state]))
                }
            }
        } else {
            printed = space.transitionPaths().map { transitions, path in
                PrintedPath(
                    events: path.events,
                    takes: transitions.map { position in
                        let transition = space.machine.transitions[position]
                        return TakenTransition(
                            transition: position, source: transition.source, event: transition.event,
                            targets: transition.targets)
                    })
            }
        }
        if json {
            ExplorationOptions.printOutput(try ExplorationOptions.json(printed))
        } else {
            ExplorationOptions.printOutput(printed.map { $0.events.joined(separator: " ") + "\n" }.joined())
        }
        if to == nil && !space.isComplete { throw ExitCode(ExplorationLimitOptions.incompleteStatus) }
    }
}
