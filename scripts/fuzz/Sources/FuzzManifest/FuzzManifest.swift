import FuzzChecks
import FuzzDriver

/// One input for libFuzzer (whose own `main`, linked but unused, refers to it by this name).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    fuzzOne(bytes, count, RegionManifestFuzzCheck.check)
}

@_cdecl("FuzzManifest_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    fuzzMain(argc, argv, testOneInput)
}
