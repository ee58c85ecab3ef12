import Foundation
import OrdersKit
import StatecraftPersistence
import StatecraftSQLite
import Testing

/// The code of `Persistence/README.md`, compiled and run on a SQLite store in a temporary folder; the test
/// also checks that the README shows it line for line (imports included).
@Suite("Persistence README")
struct READMESnippetTests {
    @Test func theREADMESnippetRunsAsShown() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-readme-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("orders.db").path

        // The README's lines, with the store's path in the temporary folder.
        let store = try await SQLiteMachineStore(path: path)
        let order = try await DurableMachine(id: "order-42", chart: OrderChart.make(), store: store)
        #expect(try await order.apply(.addItem, id: "cart-1") == .transitioned)
        #expect(try await order.apply(.addItem, id: "cart-1") == .alreadyApplied)
        let states = await order.configuration
        #expect(states == [.open])
        try await store.close()
    }

    @Test func theREADMEShowsTheImportsAndTheCalls() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        for line in [
            "import StatecraftPersistence", "import StatecraftSQLite",
            "let order = try await DurableMachine(id: \"order-42\", chart: OrderChart.make(), store: store)",
            "let states = await order.configuration",
        ] {
            #expect(readme.contains(line), "Persistence/README.md lacks: \(line)")
        }
    }
}
