import Foundation
import XCTest

/// `roadtrip` starts without libxml2 and FoundationXML (which brings libxml2 and the system ICU): they cost
/// every run's start-up, and only GPX and KML need libxml2, opened when such a file is read (`CLibXML`).
final class LinkedLibrariesTests: CLITestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/import")

    func testTheBinaryLinksNeitherLibxml2NorFoundationXML() throws {
        let ldd = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/ldd"), [BuiltProducts.url("roadtrip").path])
        XCTAssertEqual(ldd.status, 0, ldd.stderr)
        XCTAssertTrue(ldd.stdout.contains("libc.so"), "ldd listed nothing: \(ldd.stdout)")
        for library in ["libxml2", "FoundationXML"] {
            XCTAssertFalse(ldd.stdout.contains(library), "roadtrip links \(library):\n\(ldd.stdout)")
        }
    }

    /// The dynamic loader's own account (`LD_DEBUG=files`): a command that reads no XML never opens libxml2; an
    /// import of a GPX file does, and works.
    func testLibxml2IsOpenedOnlyWhenAnXMLFileIsRead() throws {
        let loader = ["LD_DEBUG": "files"]
        let version = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["--version"], environment: loader)
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertTrue(version.stderr.contains("file=libc.so"), "no loader trace: \(version.stderr.prefix(300))")
        XCTAssertFalse(version.stderr.contains("libxml2"))
        let gpx = Self.fixtures.appendingPathComponent("basecamp-route.gpx").path
        let imported = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["import", gpx, "--data", dataFile.path],
                                             environment: loader)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.hasPrefix("Imported \"Vegas to the Canyon\": 4 stops"), imported.stdout)
        XCTAssertTrue(imported.stderr.contains("file=libxml2.so.2 [0];  dynamically loaded by"),
                      "libxml2 was not opened by dlopen: \(imported.stderr.split(separator: "\n").filter { $0.contains("xml") })")
    }
}
