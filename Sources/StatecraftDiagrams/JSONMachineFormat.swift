import Foundation
import Statecraft

/// The Statecraft machine JSON format, version 1: a documented, versioned file holding a
/// `MachineDescription`, which ``JSONExporter`` writes and the `statecraft` tool reads.
///
/// ```json
/// {
///   "events" : [ { "id" : "refresh", "label" : "Refresh" } ],
///   "format" : "statecraft-machine",
///   "initialState" : "list",
///   "states" : [
///     { "id" : "list", "kind" : "atomic", "label" : "List" },
///     { "id" : "refreshing", "kind" : "atomic", "label" : "Refreshing" }
///   ],
///   "transitions" : [
///     { "event" : "refresh", "kind" : "external", "source" : "list", "targets" : [ "refreshing" ] }
///   ],
///   "version" : 1
/// }
/// ```
///
/// The fields, one by one (the DocC article *Diagrams* has the full reference):
/// - `format` (string, required): always `"statecraft-machine"`.
/// - `version` (integer, required): `1`. Readers reject versions they do not know.
/// - `name` (string, optional): the machine's name.
/// - `initialState` (string, required): the `id` of the state the machine starts in.
/// - `states` (array, required): objects with `id` (string, required, unique), `label` (string, default
///   the `id`), `kind` (`atomic` — the default —, `compound`, `parallel`, `final`, `shallowHistory`,
///   `deepHistory`), `parent` (the `id` of an earlier compound or parallel state) and `initialChild` (for a
///   compound state, the `id` of the descendant entered by default).
/// - `events` (array, required): objects with `id` (string, required, unique) and `label` (default `id`).
/// - `transitions` (array, required): objects with `source` (state `id`, required), `event` (event `id`;
///   absent or `null` for an eventless transition), `targets` (array of state `id`s, required, empty for a
///   targetless transition), `kind` (`external` — the default — or `internal`), `condition` (a label
///   for the guard), `isConditionOpaque` (`true` when `condition` names a guard tools cannot evaluate, such
///   as a Swift guard; default `false`), `delay` (for a delayed transition, the seconds after entering
///   `source` at which `event` is sent) and `delayID` (that timer's identifier).
///
/// Writing sorts keys and pretty-prints, so a file changes only when the machine does. Reading is strict:
/// unknown fields, wrong types and identifiers that refer to nothing are errors naming the line and column.
public enum JSONMachineFormat {
    /// The value of the `format` field.
    public static let formatIdentifier = "statecraft-machine"
    /// The version this library writes and reads.
    public static let currentVersion = 1
    /// The deepest chain of `parent` links ``decode(_:file:maximumNestingDepth:)`` accepts by default: 255
    /// levels, so that `<scxml>` and the states fit the 256 levels SCXML documents may have (`SCXMLLimits`).
    /// It bounds the recursion of every exporter.
    public static let defaultMaximumNestingDepth = 255

    /// The JSON text for `description`, ending with a newline.
    ///
    /// - Parameter description: The machine.
    /// - Returns: Pretty-printed JSON with sorted keys.
    /// - Complexity: O(*n*) in the size of the description.
    public static func encode(_ description: MachineDescription) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(Document(machine: description))
            return String(decoding: data, as: UTF8.self) + "\n"
        } catch {
            preconditionFailure("Internal inconsistency: a machine description failed to encode: \(error)")
        }
    }

    /// Reads a machine from JSON text.
    ///
    /// - Parameters:
    ///   - data: The file's contents, UTF-8.
    ///   - file: The file's name or path, used in error messages.
    ///   - maximumNestingDepth: The deepest chain of `parent` links accepted (a top-level state is at depth 1).
    /// - Returns: The machine.
    /// - Throws: ``JSONMachineFormatError`` naming the file, line, column and problem.
    /// - Complexity: O(*n* + *s* · *d* + *t* · *k*) for a text of length *n* (see `MachineDescription`).
    public static func decode(
        _ data: Data, file: String, maximumNestingDepth: Int = defaultMaximumNestingDepth
    ) throws(JSONMachineFormatError) -> MachineDescription {
        var parser = JSONNodeParser(bytes: Array(data))
        let root: JSONNode
        do {
            root = try parser.parseDocument()
        } catch {
            throw .malformedJSON(file: file, location: error.location, problem: error.problem)
        }
        var reader = JSONMachineReader(file: file, maximumNestingDepth: maximumNestingDepth)
        return try reader.read(root)
    }

    /// The top-level object: the format header, then the machine's own fields.
    private struct Document: Encodable {
        let machine: MachineDescription

        private enum CodingKeys: String, CodingKey { case format, version }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(JSONMachineFormat.formatIdentifier, forKey: .format)
            try container.encode(JSONMachineFormat.currentVersion, forKey: .version)
            try machine.encode(to: encoder)
        }
    }
}
