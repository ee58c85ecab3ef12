import ArgumentParser
import Foundation
import StatecraftAnalysis

/// `statecraft validate FILE [--json] [--rule ID]…`: explores an SCXML chart and reports what the
/// validation rules find.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Explore an SCXML chart's reachable configurations and report likely mistakes.",
        discussion: """
            The chart is explored from its start with every event its transitions name, by the same \
            step function `statecraft run` uses; the data model is part of each configuration. The \
            rules then read the explored space:

            \(MachineValidator.allRules.map { "  \($0.id): \($0.summary)" }.joined(separator: "\n"))

            Each finding prints as FILE:LINE:COLUMN: SEVERITY: MESSAGE [RULE].

            Exploration is bounded: --max-configurations (100000), --max-depth (none), --max-work \
            (10000000: each step tried counts 1 plus the active states it leaves and reaches) and \
            --max-seconds (60). When it stops at a bound, a warning on standard error says so first, \
            naming the bound and the data variables whose values kept changing (the likely cause); the \
            rules that report something's absence are skipped, a note says so, and the status is 3.

            EXAMPLES:
              statecraft validate door.scxml
              statecraft validate door.scxml --rule unreachable-state --rule trap-state
              statecraft validate door.scxml --json

            EXIT STATUS:
              0   no warning or error (notes do not count) in the whole space
              1   the rules found something (in a partial space too)
              2   the file is missing, malformed or not a valid chart
              3   a bound stopped exploration; the rules found nothing in the part explored
              64  the command line is wrong (an unknown --rule, say)
            """
    )

    @OptionGroup var exploration: ExplorationOptions

    @Flag(name: .long, help: "Print the findings as JSON.")
    var json = false

    @Option(name: .long, help: "Run only this rule (repeatable); all rules by default.")
    var rule: [String] = []

    func validate() throws {
        do {
            _ = try MachineValidator(ruleIDs: rule)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The JSON `validate --json` prints.
    struct Report: Encodable {
        let file: String
        let exploration: String
        let complete: Bool
        let configurations: Int
        let steps: Int
        /// Why the space is partial — the bound and the data that kept changing — when it is.
        let incomplete: IncompleteExploration?
        let findings: [ValidationFinding]
    }

    func run() throws {
        let (model, space) = try exploration.explore()
        let validator = rule.isEmpty ? MachineValidator() : try MachineValidator(ruleIDs: rule)
        let findings = validator.validate(model.validationSubject(of: space))
        if json {
            ExplorationOptions.printOutput(
                try ExplorationOptions.json(
                    Report(
                        file: exploration.file, exploration: space.summary, complete: space.isComplete,
                        configurations: space.configurations.count, steps: space.edges.count,
                        incomplete: space.incompleteness, findings: findings)))
        } else {
            ExplorationOptions.printOutput(findings.map { "\($0)\n" }.joined())
        }
        if findings.contains(where: { $0.severity != .note }) { throw ExitCode(1) }
        if !space.isComplete { throw ExitCode(ExplorationLimitOptions.incompleteStatus) }
    }
}
