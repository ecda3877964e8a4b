import CLibFuzzer
import Foundation
import RoadtripCore

/// One input through the importers (GPX, KML, KMZ, GeoJSON): `ImportFuzzCheck` (a link to the tests' copy)
/// must hold; a failure, a crash, a trap or a sanitizer report is a bug. Run it with
/// `ASAN_OPTIONS=detect_leaks=0`: FoundationXML leaks the string of every XML error it reports (not ours).
@_cdecl("LLVMFuzzerTestOneInput")
func importOne(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        try ImportFuzzCheck.check(data)
    } catch {
        fatalError("\(error)")
    }
    return 0
}

/// SwiftPM points `main` at `<target>_main`: start libFuzzer's driver from here.
@_cdecl("FuzzImport_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, importOne)
}
