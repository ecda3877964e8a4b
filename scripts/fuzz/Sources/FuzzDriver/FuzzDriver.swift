import CLibFuzzer
import Foundation

/// What every fuzz target does with one input: run its check, and stop libFuzzer (which keeps the input
/// as a crash-* file) when the check fails.
public func fuzzOne(_ bytes: UnsafePointer<UInt8>?, _ count: Int, _ check: (Data) throws -> Void) -> Int32 {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        try check(data)
    } catch {
        fatalError("\(error)")
    }
    return 0
}

/// Starts libFuzzer's driver on `testOneInput`. SwiftPM points `main` at `<target>_main`, overriding the
/// `main` that -sanitize=fuzzer links in, so each target calls this from there.
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                     _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
}
