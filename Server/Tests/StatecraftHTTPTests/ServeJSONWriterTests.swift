import Foundation
import HTTPTypes
import HummingbirdTesting
import StatecraftPersistence
import StatecraftSCXML
import Testing

@testable import StatecraftHTTP

/// The JSON written by hand (`ServeJSONWriter`) is byte for byte what `ServeJSON.encoder` writes.
@Suite("Hand-written JSON")
struct ServeJSONWriterTests {
    /// Every ASCII character, the characters JSON escapers treat apart, and some beyond ASCII.
    static let awkward: String = {
        var text = ""
        for value in UInt8(0)..<0x80 { text.unicodeScalars.append(Unicode.Scalar(value)) }
        return text + "\u{80}\u{2028}\u{2029}\u{FEFF}é😀"
    }()

    /// A macrostep view with the given strings in every member.
    static func macrostep(event: String?, strings: [String]) throws -> MacrostepView {
        let session = try SCXMLSession(
            document: SCXMLParser.parse(contentsOf: ServeFixture.orderChart), sessionID: "m", limits: .default)
        var view = MacrostepView(session.initialMacrostep)
        view.event = event
        view.exited = strings
        view.entered = strings.reversed()
        view.configuration = strings.sorted()
        view.errors = [strings.joined()]
        view.logs = strings.map { "log: \($0)" }
        return view
    }

    @Test("A string is escaped as JSONEncoder escapes it")
    func strings() throws {
        for text in ["", "plain", "a/b", Self.awkward] {
            var writer = ServeJSONWriter()
            writer.string(text)
            #expect(writer.data == (try ServeJSON.encoder.encode(text)), "\(text.debugDescription)")
        }
    }

    @Test("An event's answer is the bytes JSONEncoder writes, with and without its optional members")
    func answers() throws {
        for (event, key) in [("add", "k-1" as String?), (Self.awkward, nil), ("", Self.awkward)] {
            let record = JournalRecord(
                event: event, data: nil, idempotencyKey: key,
                macrosteps: [
                    try Self.macrostep(event: nil, strings: []),
                    try Self.macrostep(event: event, strings: ["x", Self.awkward]),
                ],
                configuration: ["idle", "z/a"], finished: key == nil)
            for version: Int64 in [1, 9_007_199_254_740_993] {
                let answer = EventAnswer(machine: "order-\(version)", version: version, record: record)
                #expect(Data(answer.jsonBytes) == (try ServeJSON.encoder.encode(answer)))
            }
        }
    }

    @Test("A journal record is the bytes JSONEncoder writes, its data included")
    func records() throws {
        let data: JSONValue = .object([
            "b": .array([.number(1), .number(0.5), .number(-3e20), .null, .boolean(true)]),
            "a": .string(Self.awkward), "B": .object(["z": .string("/"), "": .number(.infinity)]),
        ])
        for (event, data, key) in [
            (nil, nil, nil), ("pay" as String?, data as JSONValue?, "key/1" as String?), ("x", .string("s"), nil),
        ] {
            let record = JournalRecord(
                event: event, data: data, idempotencyKey: key,
                macrosteps: [try Self.macrostep(event: event, strings: [Self.awkward])], configuration: [],
                finished: false)
            #expect((try record.jsonData()) == (try ServeJSON.encoder.encode(record)))
        }
    }

    @Test("Over HTTP, an event's answer and its journal entry are the bytes JSONEncoder writes")
    func overHTTP() async throws {
        let fixture = try await ServeFixture()
        let store = fixture.store
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "o"}"#)
            let headers: HTTPFields = [.idempotencyKeyForTests: #"k\"/1"#]
            let response = try await client.post(
                "/machines/o/events", json: #"{"name": "add", "data": {"note": "a\"\\/\n\u0001é", "n": [1, 2.5]}}"#,
                headers: headers)
            #expect(response.status == .ok)
            let body = Data(buffer: response.body)
            let answer = try JSONDecoder().decode(EventAnswer.self, from: body)
            #expect(body == (try ServeJSON.encoder.encode(answer)))
            let entry = try #require(try await store.journal(machine: "o").last)
            let record = try JSONDecoder().decode(JournalRecord.self, from: entry.event)
            #expect(entry.event == (try ServeJSON.encoder.encode(record)))
            let note: JSONValue = .string("a\"\\/\n\u{1}é")
            #expect(record.data == .object(["note": note, "n": .array([.number(1), .number(2.5)])]))
        }
    }
}
