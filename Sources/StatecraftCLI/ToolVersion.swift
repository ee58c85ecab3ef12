/// The version `statecraft --version` prints: the Statecraft release this tool belongs to.
enum ToolVersion {
    /// Bumped with every release tag (README "Adding Statecraft to a package" names the same version).
    static let current = "0.1.0"
}
