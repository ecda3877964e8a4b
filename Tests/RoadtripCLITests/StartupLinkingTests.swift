import Foundation
import XCTest

/// What `roadtrip` loads before it runs a line of its own (issue 23): libcurl and the ~30 libraries it needs
/// cost every start ~10 ms, so it is loaded only when OSRM is asked (`CCurl`), never through
/// FoundationNetworking.
final class StartupLinkingTests: XCTestCase {
    func testRoadtripDoesNotLinkLibcurlOrFoundationNetworking() throws {
        let result = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/ldd"), [BuiltProducts.url("roadtrip").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let libraries = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // ldd read the binary: the Swift runtime is there.
        XCTAssertTrue(libraries.contains { $0.hasPrefix("libswiftCore.so") }, result.stdout)
        for unwanted in ["libcurl", "libFoundationNetworking"] {
            XCTAssertFalse(libraries.contains { $0.hasPrefix(unwanted) }, "\(unwanted) is linked:\n\(result.stdout)")
        }
    }
}
