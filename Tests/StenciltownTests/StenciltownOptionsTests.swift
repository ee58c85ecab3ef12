import Foundation
import StenciltownKit
import Testing

/// The command line and the `--script` language: good input parses, bad input names what is wrong.
@Suite("Stenciltown command line")
struct StenciltownOptionsTests {
    @Test func everyOptionParses() throws {
        let options = try StenciltownOptions.parse([
            "--speed", "2.5", "--url", "http://127.0.0.1:8000/big.bin", "--script", "wait-fetched, d,sleep-20,r,q",
        ])
        #expect(options.speed == 2.5)
        #expect(options.url?.absoluteString == "http://127.0.0.1:8000/big.bin")
        #expect(options.script == [.waitFetched, .download, .sleep(milliseconds: 20), .reset, .quit])
        #expect(try StenciltownOptions.parse([]) == StenciltownOptions())
        #expect(try StenciltownOptions.parse(["-h"]).showHelp)
    }

    @Test(arguments: [
        (["--speed"], StenciltownOptionsError.missingValue(option: "--speed")),
        (["--speed", "0"], .invalidSpeed("0")),
        (["--speed", "fast"], .invalidSpeed("fast")),
        (["--url", "ftp://host/x"], .invalidURL("ftp://host/x")),
        (["--url", "not a url"], .invalidURL("not a url")),
        (["--verbose"], .unknownArgument("--verbose")),
        (["--script", "d,jump,q"], .badScript(StenciltownScriptError(step: "jump", position: 2))),
        (["--script", "d,,q"], .badScript(StenciltownScriptError(step: "", position: 2))),
        (["--script", "sleep-x"], .badScript(StenciltownScriptError(step: "sleep-x", position: 1))),
    ])
    func mistakesAreNamed(arguments: [String], expected: StenciltownOptionsError) {
        #expect(throws: expected) { try StenciltownOptions.parse(arguments) }
    }

    @Test func theScriptErrorMessageNamesTheBadStep() {
        let message = "\(StenciltownScriptError(step: "jump", position: 2))"
        #expect(message.hasPrefix("bad script step 'jump' (step 2)"))
    }
}
