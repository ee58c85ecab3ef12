import ArgumentParser

/// The `statecraft` command: tools for Statecraft machines.
@main
struct StatecraftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statecraft",
        abstract: "Tools for Statecraft state machines and statecharts.",
        discussion: """
            Machines are read from SCXML documents (.scxml) or from files in the Statecraft \
            machine JSON format (.json), which the DocC article "Diagrams" (StatecraftDiagrams) \
            documents field by field.

            EXAMPLES:
              Print the DOT diagram of a machine:
                statecraft diagram machine.json
              Print a Mermaid stateDiagram-v2 for GitHub Markdown:
                statecraft diagram machine.json --format mermaid
              Render an SVG with Graphviz's dot:
                statecraft diagram machine.json -o machine.svg
              Draw an SCXML statechart as PlantUML:
                statecraft diagram microwave.scxml --format plantuml
              Run an SCXML chart on a virtual clock, one JSON line per macrostep:
                statecraft run microwave.scxml --events "open close start"
              Explore a chart's reachable configurations: likely mistakes, test paths, properties:
                statecraft validate microwave.scxml
                statecraft paths microwave.scxml --cover transitions
                statecraft check microwave.scxml --never 'cooking & open'
              Run a machine in a browser page, or follow it live:
                statecraft visualize microwave.scxml -o microwave.html
                statecraft inspect microwave.scxml

            EXIT STATUS:
              0   success
              1   rendering or writing the diagram failed; an input event of run is invalid
              2   the machine file is missing, malformed or invalid
              3   a bound stopped the work (an incomplete exploration; see each command's --help)
              64  the command line is wrong
            """,
        version: ToolVersion.current,
        subcommands: [
            DiagramCommand.self, RunCommand.self, ValidateCommand.self, PathsCommand.self, CheckCommand.self,
            VisualizeCommand.self, InspectCommand.self, ServeCommand.self,
        ]
    )
}
