import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StatecraftHTTP
import StatecraftPersistence
import StatecraftSCXML
import StatecraftSQLite
import Testing

/// A served chart on a fresh SQLite store in a temporary directory, and the router over it.
struct ServeFixture {
    static let serverPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let orderChart = serverPackage.appendingPathComponent("Charts/order.scxml")

    /// A chart whose `ping` sends itself `ping` again, without end.
    static let loopingChart = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a">
          <state id="a"><transition event="ping"><send event="ping"/></transition></state>
        </scxml>
        """

    let directory: URL
    let store: SQLiteMachineStore
    let sessions: DurableSCXMLSessions

    /// A fixture; `serving` wraps the SQLite store in the store the sessions use (itself by default).
    init(
        chart: String? = nil, limits: ServeLimits = ServeLimits(), timeline: DurableTimeline = .wall,
        serving: (SQLiteMachineStore) -> any MachineStore = { $0 }
    ) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try await SQLiteMachineStore(path: directory.appendingPathComponent("machines.sqlite").path)
        let document =
            try chart.map { try SCXMLParser.parse(string: $0) } ?? SCXMLParser.parse(contentsOf: Self.orderChart)
        sessions = DurableSCXMLSessions(
            document: document, store: serving(store), limits: limits, timeline: timeline)
    }

    /// Closes the store and removes the directory.
    func close() async throws {
        try await store.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `body` with a test client (of the router, or over loopback with `.live`), then closes the store
    /// and removes the directory.
    func test(
        token: String? = nil, over setup: TestingSetup = .router,
        _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let application = Application(router: ServeRouter.build(sessions: sessions, token: token))
        do {
            try await application.test(setup, body)
        } catch {
            try? await store.close()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        try await store.close()
        try? FileManager.default.removeItem(at: directory)
    }
}

extension TestResponse {
    /// The body as text.
    var text: String { String(buffer: body) }

    /// The body decoded from JSON.
    func decoded<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try JSONDecoder().decode(Value.self, from: Data(text.utf8))
    }

    /// The API error's code, or `nil` when the body is not an API error.
    var errorCode: String? {
        struct Body: Decodable {
            struct Detail: Decodable { var code: String }
            var error: Detail
        }
        return try? decoded(Body.self).error.code
    }
}

extension TestClientProtocol {
    /// `POST path` with a JSON body.
    @discardableResult
    func post(_ path: String, json: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        headers[.contentType] = "application/json"
        return try await execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: json))
    }

    /// `GET path`.
    func get(_ path: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await execute(uri: path, method: .get, headers: headers)
    }
}

extension HTTPField.Name {
    static let idempotencyKeyForTests = HTTPField.Name("Idempotency-Key")!
    static let idempotentReplayedForTests = HTTPField.Name("Idempotent-Replayed")!
}
