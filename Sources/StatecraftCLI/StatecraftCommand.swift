import ArgumentParser

/// The `statecraft` command: tools for Statecraft machines.
@main
struct StatecraftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statecraft",
        abstract: "Tools for Statecraft state machines and statecharts.",
        discussion: """
            Machines are read from files in the Statecraft machine JSON format (see the DocC article \
            "Diagrams" in StatecraftDiagrams for the format, field by field).

            EXAMPLES:
              statecraft diagram machine.json                  Print the DOT diagram.
              statecraft diagram machine.json --format mermaid Print a Mermaid stateDiagram-v2.
              statecraft diagram machine.json -o machine.svg   Render an SVG with Graphviz's dot.

            EXIT STATUS:
              0 success, 1 rendering or writing failed, 2 the machine file is missing or invalid,
              64 the command line is wrong.
            """,
        subcommands: [DiagramCommand.self]
    )
}
