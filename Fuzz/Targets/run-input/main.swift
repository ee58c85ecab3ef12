import Foundation
import StatecraftSCXML

/// libFuzzer target: the input reader of `statecraft run` (compiled from Sources/StatecraftCLI/RunInputReader.swift):
/// every line is an event name or a `+DELAY` pause, or the reader stops with a problem naming the line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRunInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    var lineNumber = 0
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).lazy.compactMap { line in
        lineNumber += 1
        return line.allSatisfy(\.isWhitespace) ? nil : (source: "line \(lineNumber)", text: String(line))
    }
    let reader = RunInputReader(lines: AnyIterator(lines.makeIterator()))
    var items = 0
    while reader.next() != nil { items += 1 }
    if let problem = reader.problem, !problem.hasPrefix("line ") {
        fatalError("a problem that names no line: \(problem)")
    }
    if items > lineNumber {
        fatalError("more items than lines")
    }
    return 0
}
