/// The message format of the Basic HTTP Event I/O Processor (SCXML 1.0 Appendix D.2): how a `<send>`
/// becomes the body of an HTTP `POST`, and how a received request becomes an event.
///
/// A message is sent as `application/x-www-form-urlencoded`: the event's name as `_scxmleventname`, then
/// each `namelist` variable and `<param>` as `NAME=VALUE` (values as ECMAScript's `String(value)` prints
/// them). A `<content>` replaces all of that: the body is its text, percent-encoded.
///
/// A received request becomes an external event: its name is the `_scxmleventname` parameter, or
/// `HTTP.METHOD` (`HTTP.POST`) without one; its data is an object of the other parameters, or the decoded
/// body when the body is not `NAME=VALUE` pairs; `_event.raw` is the request as received (request line,
/// headers, body); `_event.origintype` is ``processorType``.
///
/// ```swift
/// let message = SCXMLOutgoingMessage(event: "test", target: url, parameters: [("Var1", .number(2))], origin: here)
/// SCXMLBasicHTTPMessage.body(of: message)   // "_scxmleventname=test&Var1=2"
/// ```
public enum SCXMLBasicHTTPMessage {
    /// The processor's type URI, as `<send type>` names it.
    public static let processorType = "http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor"
    /// The processor's short name in `_ioprocessors`.
    public static let shortName = "basichttp"
    /// The content type of every message body.
    public static let contentType = "application/x-www-form-urlencoded"
    /// The parameter that carries the event's name.
    public static let eventNameParameter = "_scxmleventname"

    /// The body of the `POST` that delivers `message`.
    ///
    /// - Parameter message: the evaluated `<send>`.
    /// - Returns: the form-encoded body.
    /// - Complexity: O(*n*) in the size of the message.
    public static func body(of message: SCXMLOutgoingMessage) -> String {
        if let content = message.content {
            return percentEncoded(content.description)
        }
        var pairs: [(String, String)] = []
        if let event = message.event { pairs.append((eventNameParameter, event)) }
        pairs += message.parameters.map { ($0.name, $0.value.description) }
        return pairs.map { percentEncoded($0) + "=" + percentEncoded($1) }.joined(separator: "&")
    }

    /// The event a received request stands for.
    ///
    /// - Parameters:
    ///   - method: the request's method, such as `POST`.
    ///   - target: the request target (path and query), as in the request line.
    ///   - headers: the request's header fields, in order.
    ///   - body: the request's body, as text.
    /// - Returns: an external event whose `raw` is the request as received.
    /// - Complexity: O(*n*) in the size of the request.
    public static func event(
        method: String, target: String, headers: [(name: String, value: String)], body: String
    ) -> SCXMLEvent {
        let raw =
            "\(method) \(target) HTTP/1.1\r\n" + headers.map { "\($0.name): \($0.value)\r\n" }.joined() + "\r\n" + body
        var name = "HTTP.\(method.uppercased())"
        var data: SCXMLValue?
        let isForm = headers.contains {
            $0.name.lowercased() == "content-type" && $0.value.lowercased().hasPrefix(contentType)
        }
        if isForm, body.contains("=") {
            var fields = SCXMLObject()
            for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = percentDecoded(parts[0])
                let value = parts.count > 1 ? percentDecoded(parts[1]) : ""
                if key == eventNameParameter, !value.isEmpty {
                    name = value
                } else {
                    fields[key] = .string(value)
                }
            }
            data = fields.count > 0 ? .object(fields) : nil
        } else if !body.isEmpty {
            data = .string(isForm ? percentDecoded(Substring(body)) : body)
        }
        var event = SCXMLEvent(name, type: .external, originType: processorType, data: data)
        event.raw = raw
        return event
    }

    /// Characters a form value keeps as they are (RFC 3986's unreserved set); every other byte of the
    /// UTF-8 text is written `%XX`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// `text` percent-encoded: a space is `%20`.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Form text decoded: `+` is a space, `%XX` a byte; a malformed escape stays as it is.
    static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), input.count >= 2,
                let high = hexValue(input[input.startIndex]), let low = hexValue(input[input.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
