import ArgumentParser
import Foundation
import StatecraftAnalysis

/// `statecraft check FILE --never 'A & B' | --can-always-reach S | --after E --unreachable S [--without F]`:
/// checks properties over an SCXML chart's explored state space.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check properties of an SCXML chart over all its reachable configurations.",
        discussion: """
            The chart is explored from its start with every event its transitions name (as `statecraft \
            validate` does), then each property is checked over the whole space:

              --never 'A & B'                 no reachable configuration has A and B active at once
              --can-always-reach S            from every reachable configuration, S can still be reached
              --after E --unreachable S [--without F]
                                              once E was handled, S is not entered again until F is

            Each property prints one line: `holds: …` or `violated: …` followed by a line \
            `counterexample: EVENTS`, a shortest event sequence showing the violation, in the form \
            `statecraft run FILE --events "EVENTS"` reads. --after and --without name events the \
            chart's transitions listen to; another name is rejected, with the list of those events.

            Exploration is bounded as in `statecraft validate` (--max-configurations, --max-depth, \
            --max-work, --max-seconds). When it stops at a bound, a warning on standard error says so \
            first; a violation found in what was explored is still reported (status 1), and a property \
            that needs the whole space prints `inconclusive: …` (status 3).

            EXAMPLES:
              statecraft check uploader.scxml --never 'uploading & offline'
              statecraft check uploader.scxml --can-always-reach done
              statecraft check uploader.scxml --after cancel --unreachable uploading --without retry

            EXIT STATUS:
              0   every property holds
              1   a property is violated
              2   the file is missing, malformed or not a valid chart
              3   exploration stopped at a bound before a property could be decided
              64  the command line is wrong (--after naming no event of the chart, say)
            """
    )

    @OptionGroup var exploration: ExplorationOptions

    @Option(name: .long, help: "States that must never be active together, joined by '&' (repeatable).")
    var never: [String] = []

    @Option(name: .long, help: "A state that must stay reachable from every reachable configuration (repeatable).")
    var canAlwaysReach: [String] = []

    @Option(name: .long, help: "An event after which --unreachable must not be entered.")
    var after: String?

    @Option(name: .long, help: "The state --after makes unreachable.")
    var unreachable: String?

    @Option(name: .long, help: "The event that lifts --after (optional).")
    var without: String?

    /// The properties the options name.
    var properties: [StateSpaceProperty] {
        var result = never.map { text in
            StateSpaceProperty.never(text.split(separator: "&").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        result += canAlwaysReach.map(StateSpaceProperty.alwaysCanReach)
        if let after, let unreachable {
            result.append(.unreachableAfter(event: after, state: unreachable, unless: without))
        }
        return result
    }

    func validate() throws {
        guard (after == nil) == (unreachable == nil) else {
            throw ValidationError("--after and --unreachable go together")
        }
        if without != nil && after == nil { throw ValidationError("--without needs --after and --unreachable") }
        for text in never
        where text.split(separator: "&").contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw ValidationError("--never '\(text)': name states joined by '&', such as 'a & b'")
        }
        guard !properties.isEmpty else {
            throw ValidationError("name a property: --never, --can-always-reach or --after with --unreachable")
        }
    }

    func run() throws {
        let model = try exploration.load()
        for (option, event) in [("--after", after), ("--without", without)] {
            guard let event, !model.eventLabels.contains(event) else { continue }
            ExplorationOptions.printError(
                "\(option) '\(event)': no transition of \(exploration.file) listens to this event; the events are: "
                    + (model.eventLabels.isEmpty ? "(none)" : model.eventLabels.joined(separator: ", ")))
            throw ExitCode(64)
        }
        let space = exploration.explore(model)
        var status: Int32 = 0
        for property in properties {
            let unknown = Self.states(of: property).filter { space.machine.state(withID: $0) == nil }
            if !unknown.isEmpty {
                ExplorationOptions.printError(
                    "\(property): no state \(unknown.map { "'\($0)'" }.joined(separator: ", ")) "
                        + "in \(exploration.file)")
                throw ExitCode(64)
            }
            switch space.check(property) {
            case .holds:
                ExplorationOptions.printOutput("holds: \(property) (\(space.summary))\n")
            case .violated(let path, let explanation):
                ExplorationOptions.printOutput("violated: \(property): \(explanation)\ncounterexample: \(path)\n")
                status = 1
            case .inconclusive(let reason):
                ExplorationOptions.printOutput("inconclusive: \(property): \(reason)\n")
                if status == 0 { status = ExplorationLimitOptions.incompleteStatus }
            }
        }
        if status != 0 { throw ExitCode(status) }
    }

    private static func states(of property: StateSpaceProperty) -> [String] {
        switch property {
        case .never(let states): states
        case .alwaysCanReach(let state): [state]
        case .unreachableAfter(_, let state, _): [state]
        }
    }
}
