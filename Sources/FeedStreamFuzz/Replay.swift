#if !FUZZING
import Foundation

/// Without libFuzzer (a plain `swift build`), the harness replays the files it is given: how a crasher found by
/// `scripts/fuzz.sh` is reproduced under a debugger. `FEEDSTREAM_FUZZ_TARGET` selects the parser.
@main
enum Replay {
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            data.withUnsafeBytes { FuzzTarget.selected.run($0) }
            print("ok: \(path)")
        }
    }
}
#endif

#if FUZZING
/// SwiftPM links an executable's entry point as `FeedStreamFuzz_main`; under libFuzzer it hands control to
/// libFuzzer's driver, which calls `LLVMFuzzerTestOneInput` for every input.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("FeedStreamFuzz_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in feedStreamFuzzOneInput(data, size) }
}
#endif
