import Foundation
import StatecraftTestSupport

@testable import StatecraftSCXML

/// Paths and helpers shared by the SCXML tests.
enum TestSupport {
    /// The W3C conformance suite's `w3c/` folder (``ConformanceSuite``: outside the repository; tests reading
    /// it carry `.needsConformanceSuite`).
    static let conformanceDirectory = ConformanceSuite.w3c

    /// The W3C conformance test files, sorted by name.
    static func conformanceFiles() throws -> [URL] {
        // Absent files: none (the tests' trait skips them, or fails the run that requires them).
        guard ConformanceSuite.isPresent else { return [] }
        return try FileManager.default.contentsOfDirectory(at: conformanceDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "scxml" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Wraps states in a minimal `<scxml>` root.
    static func document(_ body: String, attributes: String = "datamodel=\"ecmascript\"") -> String {
        """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" \(attributes)>
        \(body)
        </scxml>
        """
    }

    /// Parses text and returns the error it throws, or `nil` when it parses.
    static func parseError(_ text: String, file: String? = nil) -> SCXMLError? {
        do {
            _ = try SCXMLParser.parse(string: text, file: file)
            return nil
        } catch {
            return error
        }
    }
}

/// A deterministic random number generator (SplitMix64) for property-style tests.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

extension TestSupport {
    /// Parses a document whose states are `body` and starts a session on it.
    static func session(
        _ body: String, attributes: String = "datamodel=\"ecmascript\"", limits: SCXMLLimits = .default
    ) throws -> SCXMLSession {
        try SCXMLSession(
            document: SCXMLParser.parse(string: document(body, attributes: attributes), file: "test.scxml"),
            limits: limits)
    }

    /// Sends each event in turn and returns the records of every macrostep after the initial one.
    static func send(_ events: [String], to session: SCXMLSession) -> [SCXMLMacrostepRecord] {
        var records: [SCXMLMacrostepRecord] = []
        for name in events {
            session.enqueue(SCXMLEvent(name))
            records += session.processQueuedEvents()
        }
        return records
    }
}
