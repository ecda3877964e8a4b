import FuzzChecks
import FuzzDriver
import Foundation
import RoadtripCore

/// The gazetteer of this checkout (Resources/places), loaded once, on the first input.
private let check = PlaceQueryFuzzCheck(index: try! PlaceIndex.load(from: URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Resources/places/gazetteer.bin")))

/// One input for libFuzzer (whose own `main`, linked but unused, refers to it by this name).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    fuzzOne(bytes, count, check.check)
}

@_cdecl("FuzzPlaceQuery_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    fuzzMain(argc, argv, testOneInput)
}
