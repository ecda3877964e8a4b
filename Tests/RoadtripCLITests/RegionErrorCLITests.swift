import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// Every refusal and failure of the `region` commands is a plain sentence on one line of stderr, never a dump
/// of a Foundation error, and loses nothing (issue 31, item 10).
final class RegionErrorCLITests: CLITestCase {
    private var dataHome: URL { directory.appendingPathComponent("data") }
    private var regions: URL { dataHome.appendingPathComponent("roadtrip/regions") }

    private func region(_ arguments: String..., expect status: Int32,
                        file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["region"] + arguments,
                                           environment: ["XDG_DATA_HOME": dataHome.path], timeout: 120)
        XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
        XCTAssertFalse(result.stderr.contains("Error Domain") || result.stderr.contains("NSCocoa"), result.stderr,
                       file: file, line: line)
        return result.stderr
    }

    func testNamesAreMeasuredInBytesAndPrintedSafely() throws {
        // 64 letters of 4 bytes: 256 bytes, more than a file name holds.
        let wide = String(repeating: "𝒜", count: 64)
        let stderr = try region("add", RoutingTools.helsinkiExtract.path, "--name", wide, expect: 1)
        XCTAssertEqual(stderr, "roadtrip: \"\(wide)\" cannot be a region name: use a plain folder name (letters, digits, "
                       + "- _ .; not starting with . or -; at most 64 characters and 200 bytes)\n")
        let newline = try region("add", RoutingTools.helsinkiExtract.path, "--name", "a\nb", expect: 1)
        XCTAssertTrue(newline.hasPrefix("roadtrip: \"a^Jb\" cannot be a region name"), newline)
        XCTAssertEqual(newline.filter { $0 == "\n" }.count, 1)
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: regions.path)) ?? [], [])
    }

    func testDirThatIsNoFolderIsRefused() throws {
        let file = directory.appendingPathComponent("afile")
        try Data("keep me".utf8).write(to: file)
        let fifo = directory.appendingPathComponent("afifo")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        for path in [file.path, fifo.path] {
            XCTAssertEqual(try region("add", RoutingTools.helsinkiExtract.path, "--dir", path, expect: 1),
                           "roadtrip: the regions folder \(path) is not a folder\n")
            XCTAssertEqual(try region("list", "--dir", path, expect: 1), "roadtrip: the regions folder \(path) is not a folder\n")
            XCTAssertEqual(try region("remove", "x", "--yes", "--dir", path, expect: 1),
                           "roadtrip: the regions folder \(path) is not a folder\n")
        }
        XCTAssertEqual(try region("add", RoutingTools.helsinkiExtract.path, "--dir", "", expect: 1),
                       "roadtrip: --dir is empty: name the regions folder\n")
        XCTAssertEqual(try region("list", "--dir", "", expect: 1), "roadtrip: --dir is empty: name the regions folder\n")

        // A folder that cannot be made (its parent is a file): the system's reason, in words.
        let below = file.appendingPathComponent("regions").path
        XCTAssertEqual(try region("add", RoutingTools.helsinkiExtract.path, "--dir", below, expect: 1),
                       "roadtrip: cannot build the region in \(below): Not a directory\n")
        XCTAssertEqual(try Data(contentsOf: file), Data("keep me".utf8))
    }

    /// As an ordinary user (root reads and writes anything): `setpriv` to nobody when the tests run as root.
    func testReadOnlyAndUnreadableFoldersAreNamed() throws {
        let readOnly = directory.appendingPathComponent("read-only")
        let unreadable = directory.appendingPathComponent("unreadable")
        for (folder, mode) in [(readOnly, 0o555), (unreadable, 0o000)] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            XCTAssertEqual(chmod(folder.path, mode_t(mode)), 0)
        }
        defer { _ = chmod(unreadable.path, 0o755) }
        func asUser(_ arguments: String...) throws -> CommandResult {
            let roadtrip = BuiltProducts.url("roadtrip").path
            let command = geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", roadtrip] : [roadtrip]
            return try CommandRunner.run(URL(fileURLWithPath: command[0]), Array(command.dropFirst()) + arguments,
                                         environment: ["HOME": directory.path], timeout: 60)
        }
        let add = try asUser("region", "add", RoutingTools.helsinkiExtract.path, "--dir", readOnly.path)
        XCTAssertEqual(add.status, 1, add.stderr)
        XCTAssertEqual(add.stderr, "roadtrip: cannot build the region in \(readOnly.path): Permission denied\n")
        let list = try asUser("region", "list", "--dir", unreadable.path)
        XCTAssertEqual(list.status, 1, list.stderr)
        XCTAssertEqual(list.stderr, "roadtrip: cannot read the regions folder \(unreadable.path): Permission denied\n")
    }

    func testOsmiumsOwnWordsAreShownSafely() throws {
        let cut = directory.appendingPathComponent("cut.osm.pbf")
        try Data(contentsOf: RoutingTools.helsinkiExtract).prefix(200).write(to: cut)
        let stderr = try region("add", cut.path, expect: 2)
        XCTAssertEqual(stderr, "roadtrip: osmium tags-filter failed (exit 1):\n  PBF error: unexpected EOF\n")
    }

    /// A FIFO named like an extract, or like the polygon file beside one, is not opened: that would wait for a
    /// writer for ever.
    func testFIFOsAreNotOpened() throws {
        let extractFIFO = directory.appendingPathComponent("pipe.osm.pbf")
        XCTAssertEqual(mkfifo(extractFIFO.path, 0o600), 0)
        let fromFIFO = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["region", "add", extractFIFO.path],
                                             environment: ["XDG_DATA_HOME": dataHome.path], timeout: 10)
        XCTAssertEqual(fromFIFO.status, 1)
        XCTAssertEqual(fromFIFO.stderr, "roadtrip: \(extractFIFO.path) is not a file\n")
        let extract = directory.appendingPathComponent("helsinki.osm.pbf")
        try FileManager.default.copyItem(at: RoutingTools.helsinkiExtract, to: extract)
        XCTAssertEqual(mkfifo(directory.appendingPathComponent("helsinki.poly").path, 0o600), 0)
        let besideFIFO = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["region", "add", extract.path],
                                               environment: ["XDG_DATA_HOME": dataHome.path], timeout: 60)
        XCTAssertEqual(besideFIFO.status, 0, besideFIFO.stderr)
        XCTAssertTrue(besideFIFO.stdout.contains("      from its bounding box in the file's header\n"), besideFIFO.stdout)
    }

    /// `region list` names a region by its folder, which `region remove` takes, whatever its manifest says.
    func testListShowsTheNameRemoveTakes() throws {
        let folder = regions.appendingPathComponent("city")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONEncoder().encode(RegionManifest(name: "helsinki", source: "/x/Helsinki.osm.pbf", sourceBytes: 1,
                                                built: "2026-11-27T07:00:00Z", outline: TestRegion.helsinkiOutline,
                                                places: 0, pois: 0))
            .write(to: folder.appendingPathComponent("region.json"))
        let list = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["region", "list"],
                                         environment: ["XDG_DATA_HOME": dataHome.path], timeout: 30)
        XCTAssertEqual(list.stdout.split(separator: "\n").last?.split(separator: " ").first, "city")
        XCTAssertEqual(try region("remove", "helsinki", "--yes", expect: 1),
                       "roadtrip: no region \"helsinki\" in \(regions.path) (see roadtrip region list)\n")
        XCTAssertEqual(try region("remove", "city", "--yes", expect: 0), "")
    }

    func testAnUnreadablePOITableIsNamedInAPlainSentence() throws {
        let region = try TestRegion.install("fjord", from: try FjordExtract.write(into: directory.appendingPathComponent("x")),
                                            outline: TestRegion.fjordOutline, into: regions)
        try RegionTable.write([], to: region.placesFile)
        try FileManager.default.createDirectory(at: region.poisFile, withIntermediateDirectories: true)
        let home = directory.appendingPathComponent("home")
        let environment = ["XDG_DATA_HOME": dataHome.path, "XDG_CONFIG_HOME": home.path, "XDG_CACHE_HOME": home.path]
        for arguments in [["new", "Fjord"], ["add-stop", "fjord", "--name", "Vestvik", "--lat", "63", "--lon", "5"],
                          ["add-stop", "fjord", "--name", "Sørby", "--lat", "60.7", "--lon", "5"]] {
            XCTAssertEqual(try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", dataFile.path],
                                                 environment: environment, timeout: 60).status, 0)
        }
        let along = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["along", "fjord", "--leg", "1", "--category", "fuel", "--data", dataFile.path],
                                          environment: environment, timeout: 60)
        XCTAssertTrue(along.stderr.hasPrefix("roadtrip: region \"fjord\" left out: pois.tsv cannot be read (Is a directory); "
                                             + "rebuild it (roadtrip region add)\n"), along.stderr)
        XCTAssertFalse(along.stderr.contains("Error Domain"), along.stderr)
    }
}
