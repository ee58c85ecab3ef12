import Foundation
import Statecraft

extension SCXMLSessionSnapshot {
    /// The snapshot as JSON, written by hand: what `JSONEncoder` writes for it (the same members in the same
    /// order; dictionaries — the fingerprint's states, the data model's variables — with their keys sorted),
    /// read back by `JSONDecoder().decode(SCXMLSessionSnapshot.self, from:)`, at a fraction of the cost.
    /// `statecraft serve` stores one with every event.
    ///
    /// ```swift
    /// let data = try session.saveSnapshot().jsonData()
    /// let saved = try JSONDecoder().decode(SCXMLSessionSnapshot.self, from: data)
    /// ```
    ///
    /// - Returns: The JSON.
    /// - Complexity: O(*n*) in the size of the snapshot, plus sorting the keys of its dictionaries.
    public func jsonData() -> Data {
        var writer = SCXMLSnapshotJSONWriter(capacity: 1_024)
        writer.openObject()
        writer.key("chart")
        Self.write(chart, to: &writer)
        writer.key("nowNanoseconds")
        writer.integer(nowNanoseconds)
        writer.key("queuedEvents")
        writer.openArray()
        for event in queuedEvents { Self.write(event, to: &writer) }
        writer.closeArray()
        writer.closeObject()
        return Data(writer.bytes)
    }

    /// The chart's snapshot, its members in declaration order as its synthesized `Codable` writes them.
    private static func write(
        _ chart: StatechartSnapshot<String, SCXMLEvent, SCXMLDataModel>, to writer: inout SCXMLSnapshotJSONWriter
    ) {
        writer.openObject()
        writer.key("formatVersion")
        writer.integer(chart.formatVersion)
        writer.key("fingerprint")
        writer.openObject()
        writer.key("digest")
        writer.string(chart.fingerprint.digest)
        writer.key("states")
        writer.openObject()
        for (state, hash) in chart.fingerprint.states.sorted(by: { $0.key < $1.key }) {
            writer.key(state)
            writer.string(hash)
        }
        writer.closeObject()
        writer.closeObject()
        writer.key("configuration")
        writer.strings(chart.configuration)
        writer.key("histories")
        writer.openArray()
        for recorded in chart.histories {
            writer.openObject()
            writer.key("history")
            writer.string(recorded.history)
            writer.key("states")
            writer.strings(recorded.states)
            writer.closeObject()
        }
        writer.closeArray()
        writer.key("context")
        write(chart.context, to: &writer)
        if let finalState = chart.finalState {
            writer.key("finalState")
            writer.string(finalState)
        }
        writer.key("delayedEvents")
        writer.openArray()
        for delayed in chart.delayedEvents {
            writer.openObject()
            writer.key("event")
            write(delayed.event, to: &writer)
            if let id = delayed.id {
                writer.key("id")
                writer.string(id)
            }
            writer.key("remainingNanoseconds")
            writer.integer(delayed.remainingNanoseconds)
            writer.closeObject()
        }
        writer.closeArray()
        writer.closeObject()
    }

    /// A data model as ``SCXMLDataModel/encode(to:)`` writes it.
    private static func write(_ model: SCXMLDataModel, to writer: inout SCXMLSnapshotJSONWriter) {
        writer.openObject()
        writer.key("variables")
        write(model.variables, to: &writer)
        writer.key("generatedSendIDs")
        writer.integer(model.generatedSendIDs)
        writer.key("boundScopes")
        writer.strings(model.boundScopes.sorted())
        if !model.doneData.isEmpty {
            writer.key("doneData")
            write(model.doneData, to: &writer)
        }
        writer.closeObject()
    }

    /// Variables by name, names sorted.
    private static func write(_ variables: [String: SCXMLValue], to writer: inout SCXMLSnapshotJSONWriter) {
        writer.openObject()
        for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
            writer.key(name)
            write(value, to: &writer)
        }
        writer.closeObject()
    }

    /// An event as ``SCXMLEvent/encode(to:)`` writes it.
    private static func write(_ event: SCXMLEvent, to writer: inout SCXMLSnapshotJSONWriter) {
        writer.openObject()
        writer.key("name")
        writer.string(event.name)
        writer.key("type")
        writer.string(event.type.rawValue)
        let optionalMembers: [(StaticString, String?)] = [
            ("sendID", event.sendID), ("origin", event.origin), ("originType", event.originType),
            ("invokeID", event.invokeID),
        ]
        for case (let key, let value?) in optionalMembers {
            writer.key(key)
            writer.string(value)
        }
        if let data = event.data {
            writer.key("data")
            write(data, to: &writer)
        }
        if let raw = event.raw {
            writer.key("raw")
            writer.string(raw)
        }
        writer.closeObject()
    }

    /// A value as ``SCXMLValue/encode(to:)`` writes it: one member naming its kind.
    private static func write(_ value: SCXMLValue, to writer: inout SCXMLSnapshotJSONWriter) {
        writer.openObject()
        switch value {
        case .number(let number) where number.isFinite:
            writer.key("number")
            writer.number(number)
        case .number(let number):
            writer.key("number")
            writer.string("\(number)")
        case .string(let text):
            writer.key("string")
            writer.string(text)
        case .boolean(let flag):
            writer.key("boolean")
            writer.boolean(flag)
        case .null:
            writer.key("null")
            writer.boolean(true)
        case .undefined:
            writer.key("undefined")
            writer.boolean(true)
        case .array(let elements):
            writer.key("array")
            writer.openArray()
            for element in elements { write(element, to: &writer) }
            writer.closeArray()
        case .object(let object):
            writer.key("object")
            writer.openArray()
            for (key, member) in object.properties {
                writer.openArray()
                writer.string(key)
                write(member, to: &writer)
                writer.closeArray()
            }
            writer.closeArray()
        }
        writer.closeObject()
    }
}
