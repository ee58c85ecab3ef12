import Testing

@testable import StatecraftSCXML

/// Event descriptor matching (SCXML §3.12.1) and the `SCXMLEvent` type.
@Suite("Event descriptors")
struct EventDescriptorTests {
    @Test func exactAndTokenPrefixMatches() {
        let error = SCXMLEventDescriptor("error")
        #expect(error.matches("error"))
        #expect(error.matches("error.send"))
        #expect(error.matches("error.send.failed"))
        #expect(!error.matches("errors"))
        #expect(!error.matches("error_send"))
        #expect(!error.matches("err"))
        #expect(!error.matches("Error"))
        #expect(SCXMLEventDescriptor("error.send").matches("error.send.failed"))
        #expect(!SCXMLEventDescriptor("error.send").matches("error.sendfailed"))
        #expect(!SCXMLEventDescriptor("error.send").matches("error"))
    }

    @Test func trailingWildcardAndDotAreIgnored() {
        #expect(SCXMLEventDescriptor("foo.*") == SCXMLEventDescriptor("foo"))
        #expect(SCXMLEventDescriptor("foo.") == SCXMLEventDescriptor("foo"))
        #expect(SCXMLEventDescriptor("foo.*").matches("foo.zoo"))
        #expect(!SCXMLEventDescriptor("foo.*").matches("foos"))
    }

    @Test func wildcardMatchesEverything() {
        #expect(SCXMLEventDescriptor("*").isWildcard)
        #expect(SCXMLEventDescriptor("*").matches("anything.at.all"))
        #expect(SCXMLEventDescriptor.wildcard.matches("x"))
        #expect(!SCXMLEventDescriptor("").matches("x"))
        #expect(!SCXMLEventDescriptor(".*").matches(".x"))
    }

    @Test func listsSplitAtWhitespace() {
        let list = SCXMLEventDescriptor.list(from: " foo\tbar.*\n baz ")
        #expect(list.map(\.value) == ["foo", "bar", "baz"])
        #expect(SCXMLEventDescriptor.any(list, matches: "bar.x"))
        #expect(!SCXMLEventDescriptor.any(list, matches: "qux"))
        #expect(SCXMLEventDescriptor.list(from: "  ").isEmpty)
    }

    /// test399.scxml's descriptors, checked against the event names the test raises.
    @Test func conformanceTest399Descriptors() {
        #expect(SCXMLTransitionNode(events: SCXMLEventDescriptor.list(from: "foo bar")).matches(eventName: "bar"))
        #expect(SCXMLTransitionNode(events: SCXMLEventDescriptor.list(from: "foo")).matches(eventName: "foo.zoo"))
        #expect(!SCXMLTransitionNode(events: SCXMLEventDescriptor.list(from: "foo")).matches(eventName: "foos"))
        #expect(!SCXMLTransitionNode().matches(eventName: "foo"))
    }

    @Test func platformEvents() {
        let error = SCXMLEvent.executionError(sendID: "s1", message: "unknown variable 'x'")
        #expect(error.name == "error.execution")
        #expect(error.type == .platform)
        #expect(error.sendID == "s1")
        #expect(error.data == "unknown variable 'x'")
        #expect(SCXMLEvent.done(stateID: "p0").name == "done.state.p0")
        #expect(SCXMLEvent("go").type == .external)
        #expect(SCXMLEvent("go").value(ofField: "data") == .undefined)
        #expect(SCXMLEvent("go").value(ofField: "nope") == nil)
    }
}
