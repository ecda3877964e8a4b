import CLibFuzzer
import Foundation
@testable import RoadtripCore

/// One input: the loader must throw `TripFileError` or return a document; anything else (a crash, a
/// trap, a sanitizer report) is a bug. A document it returns must also survive a save and a reload.
/// (Exported under libFuzzer's name too, which its own `main`, linked but unused, refers to.)
@_cdecl("LLVMFuzzerTestOneInput")
func loadOne(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    guard case let .current(trips)? = try? TripFileReader.read(data) else { return 0 }
    let document = TripDocument(trips: trips)
    guard let saved = try? TripDocument.encode(document) else { fatalError("a loaded document cannot be saved") }
    guard (try? TripDocument.decode(saved)) == document else { fatalError("a saved document reads back differently") }
    return 0
}

/// SwiftPM points `main` at `<target>_main`, overriding the `main` that -sanitize=fuzzer links in:
/// start libFuzzer's driver from here.
@_cdecl("FuzzLoader_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, loadOne)
}
