// statecraft-instructions: runs one benchmark scenario a given number of times over the one-million-event
// stream, for counting instructions under valgrind (see Scripts/instructions-per-event.sh).
//
//   statecraft-instructions list
//   statecraft-instructions <scenario> <passes>     e.g. statecraft-instructions Core.schema 3
//   statecraft-instructions footprint               bytes per schema machine (no malloc interposer here)
//   statecraft-instructions stenciltown-stream      what the Stenciltown benchmarks' input holds
import CMallocStats
import Workload

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func fail(_ message: String) -> Never {
    let line = "statecraft-instructions: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(64)
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "list":
    for scenario in Scenario.all { print(scenario.name) }
case "footprint":
    printFootprint()
case "stenciltown-stream":
    let stenciltown = StenciltownStream.standard
    print("events=\(stenciltown.count) changes=\(stenciltown.changeCount) ignored=\(stenciltown.invalidCount)")
case let name?:
    guard let scenario = Scenario.named(name) else { fail("unknown scenario '\(name)'; try 'list'") }
    guard arguments.count == 2, let passes = Int(arguments[1]), passes >= 0 else {
        fail("usage: statecraft-instructions <scenario> <passes>")
    }
    let stream = EventStream()
    let pass = scenario.makePass(for: stream)
    // Computed once, outside the passes: for `Chart.deep+observer` it simulates the stream, which must not
    // count as the machine's instructions.
    let expected = scenario.expectedResult(for: stream)
    var total: UInt64 = 0
    for _ in 0..<passes {
        let result = pass()
        guard result == expected else {
            fail("\(name) returned \(result), expected \(expected)")
        }
        total &+= result
    }
    print("\(name) events=\(stream.count) passes=\(passes) invalid=\(stream.invalidCount) checksum=\(total)")
case nil:
    fail("usage: statecraft-instructions list | footprint | stenciltown-stream | <scenario> <passes>")
}

func printFootprint() {
    let count = 1_000_000
    var schemaMachines = [CrossingSchema.makeMachine()]
    schemaMachines.reserveCapacity(count + 1)
    let first = schemaMachines[0]
    let usable = cms_usable_size(Unmanaged.passUnretained(first).toOpaque())
    let before = cms_heap_in_use()
    MachineFootprint.makeMachines(count, into: &schemaMachines)
    let after = cms_heap_in_use()
    let heapPerMachine = Double(Int(after) - Int(before)) / Double(count)
    print("schema machine, 1-byte state, Void subject:")
    print("  malloc_usable_size of one machine: \(usable) bytes")
    print("  heap in use per machine (1,000,000 machines, glibc chunks): \(heapPerMachine) bytes")
    print("  machines alive: \(schemaMachines.count)")
}
