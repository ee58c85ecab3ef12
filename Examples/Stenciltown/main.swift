import StenciltownKit

// Stenciltown in the terminal: the seed's screen (fetch metadata, download with progress, reset) drawn
// from an immutable view model, the async work run as effects of the machine's states.
//
//   swift run stenciltown                      keys: d download, r reset, q quit
//   swift run stenciltown --speed 10 --script wait-fetched,d,wait-downloaded
//   swift run stenciltown --url http://127.0.0.1:8000/big.bin
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let options: StenciltownOptions
do {
    options = try StenciltownOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    StandardStreams.error("stenciltown: \(error)")
    exit(2)
}
if options.showHelp {
    print(StenciltownOptions.usage)
    exit(0)
}
exit(await StenciltownProgram(options: options).run())
