import Foundation
import RoadtripTestSupport
import XCTest

/// `roadtrip` starts without libxml2 and FoundationXML (which brings libxml2 and the system ICU), nor libcurl and
/// FoundationNetworking (libcurl brings ~30 libraries): they cost every run's start-up, and only GPX and KML need
/// libxml2, opened when such a file is read (`CLibXML`), only OSRM libcurl, opened at its first request (`CCurl`).
final class LinkedLibrariesTests: CLITestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/import")

    func testTheBinaryLinksNeitherLibxml2NorLibcurlNorTheirFoundationModules() throws {
        let ldd = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/ldd"), [BuiltProducts.url("roadtrip").path])
        XCTAssertEqual(ldd.status, 0, ldd.stderr)
        XCTAssertTrue(ldd.stdout.contains("libc.so"), "ldd listed nothing: \(ldd.stdout)")
        for library in ["libxml2", "FoundationXML", "libcurl", "FoundationNetworking"] {
            XCTAssertFalse(ldd.stdout.contains(library), "roadtrip links \(library):\n\(ldd.stdout)")
        }
    }

    /// The dynamic loader's own account (`LD_DEBUG=files`): a command that reads no XML never opens libxml2; an
    /// import of a GPX file does, and works.
    func testLibxml2IsOpenedOnlyWhenAnXMLFileIsRead() throws {
        try assertVersionNeverOpens("libxml2")
        let loader = Self.loader
        let gpx = Self.fixtures.appendingPathComponent("basecamp-route.gpx").path
        let imported = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["import", gpx, "--data", dataFile.path],
                                             environment: loader)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.hasPrefix("Imported \"Vegas to the Canyon\": 4 stops"), imported.stdout)
        XCTAssertTrue(imported.stderr.contains("file=libxml2.so.2 [0];  dynamically loaded by"),
                      "libxml2 was not opened by dlopen: \(imported.stderr.split(separator: "\n").filter { $0.contains("xml") })")
    }

    /// Likewise for libcurl: not opened by `--version`; opened by dlopen when a leg is asked of OSRM (here of a
    /// port nobody listens on, which the leg's note then names).
    func testLibcurlIsOpenedOnlyWhenOSRMIsAsked() throws {
        try assertVersionNeverOpens("libcurl")
        let loader = Self.loader
        try roadtrip("new", "Helsinki")
        try roadtrip("add-stop", "helsinki", "--name", "Station", "--lat", "60.1700", "--lon", "24.9400")
        try roadtrip("add-stop", "helsinki", "--name", "Kallio", "--lat", "60.1781", "--lon", "24.9443")
        let port = try LocalOSRMServer.freePort()
        let config = directory.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("roadtrip"), withIntermediateDirectories: true)
        try "router = \"osrm\"\nosrm_url = \"http://127.0.0.1:\(port)\"\n"
            .write(to: config.appendingPathComponent("roadtrip/config.toml"), atomically: true, encoding: .utf8)
        let shown = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["show", "helsinki", "--data", dataFile.path],
                                          environment: loader.merging(["XDG_CONFIG_HOME": config.path]) { $1 })
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.contains("OSRM: no server at http://127.0.0.1:\(port)"), shown.stdout)
        XCTAssertTrue(shown.stderr.contains("file=libcurl.so.4 [0];  dynamically loaded by"),
                      "libcurl was not opened by dlopen: \(shown.stderr.split(separator: "\n").filter { $0.contains("curl") })")
    }

    /// The dynamic loader's trace of what a process opens.
    private static let loader = ["LD_DEBUG": "files"]

    private func assertVersionNeverOpens(_ library: String, line: UInt = #line) throws {
        let version = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["--version"], environment: Self.loader)
        XCTAssertEqual(version.status, 0, version.stderr, line: line)
        XCTAssertTrue(version.stderr.contains("file=libc.so"), "no loader trace: \(version.stderr.prefix(300))", line: line)
        XCTAssertFalse(version.stderr.contains(library), "--version opened \(library)", line: line)
    }
}
