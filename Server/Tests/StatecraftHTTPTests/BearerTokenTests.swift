import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StatecraftHTTP
import Testing

@Suite("Bearer token and addresses")
struct BearerTokenTests {
    @Test("With a token, every request needs it: none or another is 401 with WWW-Authenticate")
    func tokenRequired() async throws {
        let fixture = try await ServeFixture()
        try await fixture.test(token: "s3cret") { client in
            for headers: HTTPFields in [[:], [.authorization: "Bearer wrong!"], [.authorization: "Basic s3cret"]] {
                for path in ["/machines", "/openapi.yaml", "/nowhere"] {
                    let response = try await client.get(path, headers: headers)
                    #expect(response.status == .unauthorized, "\(path) \(headers)")
                    #expect(response.errorCode == "unauthorized")
                    #expect(response.headers[.wwwAuthenticate] == "Bearer")
                }
            }
            let allowed = try await client.get("/machines", headers: [.authorization: "Bearer s3cret"])
            #expect(allowed.status == .ok)
            let created = try await client.post("/machines", json: "{}", headers: [.authorization: "bearer s3cret"])
            #expect(created.status == .created)
        }
    }

    @Test("Loopback needs no token; another address refuses to start without one")
    func addresses() throws {
        #expect(try ServeConfiguration(http: "127.0.0.1:8080").token == nil)
        #expect(try ServeConfiguration(http: "[::1]:0").host == "::1")
        #expect(try ServeConfiguration(http: "localhost:1").port == 1)
        #expect(throws: ServeSetupError.tokenRequired(host: "0.0.0.0")) { try ServeConfiguration(http: "0.0.0.0:8080") }
        #expect(throws: ServeSetupError.tokenRequired(host: "192.168.1.2")) {
            try ServeConfiguration(http: "192.168.1.2:80", token: "")
        }
        #expect(try ServeConfiguration(http: "0.0.0.0:8080", token: "t").token == "t")
        #expect(throws: ServeSetupError.self) { try ServeConfiguration(http: "8080") }
        #expect(throws: ServeSetupError.self) { try ServeConfiguration(http: "127.0.0.1:99999") }
        #expect(ServeConfiguration.isLoopback("127.1.2.3"))
        #expect(!ServeConfiguration.isLoopback("127.evil.com"))
    }

    @Test("Store URLs: sqlite:PATH and postgres:// are known; others are typed errors naming the URL")
    func storeURLs() throws {
        #expect(try StoreLocation("sqlite:a.sqlite") == .sqlite(path: "a.sqlite"))
        #expect(try StoreLocation("sqlite:///tmp/a.sqlite") == .sqlite(path: "/tmp/a.sqlite"))
        #expect(try StoreLocation("postgres://u@h/d") == .postgres(url: "postgres://u@h/d"))
        #expect(try StoreLocation("postgres://u:pw@h/d").description == "postgres://u:***@h/d")
        #expect(throws: ServeSetupError.self) { try StoreLocation("sqlite:") }
        do {
            _ = try StoreLocation("mysql://h/d")
            Issue.record("mysql:// was taken")
        } catch {
            #expect(error.description.hasPrefix("--store mysql://h/d: "))
        }
    }
}
