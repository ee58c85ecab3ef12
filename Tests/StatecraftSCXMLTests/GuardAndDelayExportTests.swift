import Foundation
import Statecraft
import StatecraftSCXML
import StatecraftTestSupport
import Testing

/// A chart's guard names and delays in its SCXML export: `cond="statecraft.guard('…')"` and the
/// `<send delay id>` + `<cancel>` idiom, valid against the W3C schema and read back as they were.
@Suite("Guard names and delays in SCXML exports")
struct GuardAndDelayExportTests {
    enum Door: String, Hashable, Sendable, CustomStringConvertible {
        case closed, open, locked, alarm
        var description: String { rawValue }
    }

    enum Action: String, Hashable, Sendable, CustomStringConvertible {
        case push, lock, autoClose, ring
        var description: String { rawValue }
    }

    static func door() throws -> MachineDescription {
        try Statechart<Door, Action, Int>(initial: .closed, context: 0) {
            ChartState(.closed) {
                OnEvent(.push, target: .open, when: .named("isUnlocked") { _, _ in true })
                OnEvent(.lock, target: .locked, when: { count, _ in count > 0 })
            }
            ChartState(.open) {
                AfterDelay(.milliseconds(1500), send: .autoClose, target: .closed)
                AfterDelay(.seconds(60), send: .ring, id: "door open (too long)", target: .alarm)
            }
            ChartState(.locked)
            ChartState(.alarm)
        }.machineDescription(name: "Door")
    }

    static func export() throws -> String {
        SCXMLExporter().export(try SCXMLDocument(describing: try Self.door()))
    }

    @Test func delaysBecomeSendsOnEntryAndCancelsOnExit() throws {
        let document = try SCXMLParser.parse(string: try Self.export())
        let open = try #require(document.state(withID: "open"))
        let sends = open.onEntry.joined().compactMap { content -> SCXMLSend? in
            if case .send(let send) = content { return send }
            return nil
        }
        #expect(sends.map(\.event) == [.literal("autoClose"), .literal("ring")])
        #expect(sends.map(\.delay) == [.literal(.milliseconds(1500)), .literal(.seconds(60))])
        // A given id that is no XML name is made one.
        #expect(sends.map(\.id) == [.literal("statecraft.after.open.autoClose"), .literal("door_open__too_long_")])
        let cancels = open.onExit.joined().compactMap { content -> SCXMLCancel? in
            if case .cancel(let cancel) = content { return cancel }
            return nil
        }
        #expect(
            cancels.map(\.sendID) == [.literal("statecraft.after.open.autoClose"), .literal("door_open__too_long_")])
    }

    @Test func guardsBecomeOpaqueConditionsNamedAsInTheChart() throws {
        let document = try SCXMLParser.parse(string: try Self.export())
        let closed = try #require(document.state(withID: "closed"))
        #expect(
            closed.transitions.map(\.condition) == [
                SCXMLOpaqueGuard.condition(named: "isUnlocked"), SCXMLOpaqueGuard.condition(named: "guard1"),
            ])
        #expect(
            closed.transitions.compactMap { $0.condition.flatMap(SCXMLOpaqueGuard.name(in:)) } == [
                "isUnlocked", "guard1",
            ])
        #expect(SCXMLOpaqueGuard.name(in: try SCXMLExpression.parse("statecraft.guard('a') && true")) == nil)
    }

    @Test func theExportReadsBackAsTheChartsDescription() throws {
        let readBack = try SCXMLParser.parse(string: try Self.export()).machineDescription()
        let original = try Self.door()
        #expect(readBack.transitions.map(\.condition) == original.transitions.map(\.condition))
        #expect(readBack.transitions.map(\.isConditionOpaque) == original.transitions.map(\.isConditionOpaque))
        #expect(readBack.transitions.map(\.delay) == original.transitions.map(\.delay))
        #expect(
            readBack.transitions.map(\.delayID) == [
                nil, nil, "statecraft.after.open.autoClose", "door_open__too_long_",
            ])
    }

    @Test(
        .needsConformanceSuite,
        .enabled(if: XMLSchemaValidator.xmllint != nil, "xmllint is not installed (apt-get install -y libxml2-utils)"))
    func theExportValidatesAgainstTheSchema() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("door-\(UUID().uuidString).scxml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(try Self.export().utf8).write(to: file)
        let result = try XMLSchemaValidator.validate([file], against: ConformanceSuite.schema)
        #expect(result.status == 0, "\(result.output)")
    }
}
