import Foundation
import Testing

@testable import StatecraftSCXML

/// The text form of run input: event names and `+DELAY` pauses.
@Suite("Run input parsing")
struct RunInputParsingTests {
    @Test(arguments: ["go", "door.open", "error.send.failed", "a_b-c:d", "  spaced  ", "Ä1"])
    func eventNames(text: String) throws {
        #expect(try SCXMLRunInput(parsing: text) == .event(text.trimmingCharacters(in: .whitespaces)))
    }

    @Test func pauses() throws {
        #expect(try SCXMLRunInput(parsing: "+2s") == .advance(.seconds(2)))
        #expect(try SCXMLRunInput(parsing: "+250ms") == .advance(.milliseconds(250)))
    }

    @Test(arguments: ["", "two words", "*", ".start", "end.", "a\"b", "{}"])
    func invalidNamesAreRejected(text: String) {
        #expect(throws: SCXMLRunInputError.self) { try SCXMLRunInput(parsing: text) }
    }

    @Test func invalidPauseNamesTheText() {
        #expect(throws: SCXMLRunInputError.invalidDelay("+soon", .invalidNumber("soon"))) {
            try SCXMLRunInput(parsing: "+soon")
        }
        let error = SCXMLRunInputError.invalidEventName("a b")
        #expect(error.description.hasPrefix("'a b' is not an event name"))
    }
}
