import Foundation

/// The JSON coding of stored snapshots and journaled events: sorted keys, so that equal values are equal
/// bytes — a checksum of stored snapshots depends on the states only.
enum SnapshotCoding {
    static func encode<Value: Encodable>(_ value: Value, machine: String) throws(DurableMachineError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(value)
        } catch {
            throw .coding(machine: machine, "cannot encode \(Value.self): \(error)")
        }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, machine: String)
        throws(DurableMachineError) -> Value
    {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw .coding(machine: machine, "cannot decode \(Value.self): \(error)")
        }
    }
}
