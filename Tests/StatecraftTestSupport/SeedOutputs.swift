/// Outputs the seeds specify exactly, checked by more than one test target.
package enum SeedOutputs {
    /// Seed 001's DOT for the refresh-list machine, exactly: what `DOTExporter` writes for its description
    /// and what `statecraft diagram refresh-list.json` prints.
    package static let refreshListDOT = """
        digraph {
            graph [rankdir=LR]

            0 [label="", shape=plaintext]
            0 -> 1 [label="START"]

            1 [label="List"]
            2 [label="Refreshing"]
            3 [label="Error"]

            1 -> 2 [label="Refresh"]
            2 -> 1 [label="ShowList"]
            2 -> 3 [label="ShowError"]
            3 -> 2 [label="Refresh"]
            3 -> 1 [label="DismissError"]
        }

        """
}
