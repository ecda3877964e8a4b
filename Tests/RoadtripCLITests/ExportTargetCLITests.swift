import Foundation
import RoadtripCore
import XCTest

/// Where `export -o` may write (issue 18): a device or a FIFO is written into, never renamed over (as root,
/// `-o /dev/null` replaced the system's null device); a folder, a socket or a block device is refused; and the
/// trips file's lock and backups are protected like the trips file itself.
final class ExportTargetCLITests: CLITestCase {
    private func seed() throws {
        try roadtrip("new", "Loop")
        try roadtrip("add-stop", "loop", "--name", "Inverness", "--lat", "57.4778", "--lon", "-4.2247")
        try roadtrip("add-stop", "loop", "--name", "Ullapool", "--lat", "57.8954", "--lon", "-5.1604")
    }

    private func shell(_ script: String) throws -> CommandResult {
        try CommandRunner.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script], timeout: 20)
    }

    private func kind(_ url: URL) throws -> mode_t {
        var info = stat()
        XCTAssertEqual(lstat(url.path, &info), 0)
        return info.st_mode & S_IFMT
    }

    func testADeviceIsWrittenIntoAndStaysADevice() throws {
        try seed()
        // A link to the null device needs no root; with root, a node of its own (`c 1 3`) as the tester made.
        let link = directory.appendingPathComponent("mynull")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/null")
        try roadtrip("export", "loop", "--format", "gpx", "-o", link.path)
        XCTAssertEqual(try kind(link), S_IFLNK, "the link is still a link")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "/dev/null")
        if geteuid() == 0 {
            let node = directory.appendingPathComponent("node-null")
            // makedev(1, 3) (a macro Swift cannot call): the null device.
            XCTAssertEqual(mknod(node.path, S_IFCHR | 0o666, dev_t(1 << 8 | 3)), 0)
            try roadtrip("export", "loop", "--format", "kml", "-o", node.path)
            XCTAssertEqual(try kind(node), S_IFCHR, "the node is still a character device")
        }
        // /dev/full says why it cannot take the file.
        let full = directory.appendingPathComponent("myfull")
        try FileManager.default.createSymbolicLink(atPath: full.path, withDestinationPath: "/dev/full")
        let failed = try roadtrip("export", "loop", "--format", "gpx", "-o", full.path, expect: 2)
        XCTAssertEqual(failed.stderr, "roadtrip: cannot write \(full.path): write: No space left on device\n")
    }

    func testAFIFOIsWrittenIntoWhenReadAndRefusedAtOnceWhenNot() throws {
        try seed()
        let fifo = directory.appendingPathComponent("myfifo"), copy = directory.appendingPathComponent("copy.gpx")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let binary = BuiltProducts.url("roadtrip").path
        let read = try shell("cat '\(fifo.path)' > '\(copy.path)' & reader=$!; "
                             + "'\(binary)' --data '\(dataFile.path)' export loop --format gpx -o '\(fifo.path)'; "
                             + "status=$?; wait $reader; exit $status")
        XCTAssertEqual(read.status, 0, read.stderr)
        XCTAssertEqual(try kind(fifo), S_IFIFO, "the FIFO is still a FIFO")
        XCTAssertEqual(try String(contentsOf: copy, encoding: .utf8), try roadtrip("export", "loop", "--format", "gpx").stdout)
        let unread = try roadtrip("export", "loop", "--format", "gpx", "-o", fifo.path, expect: 2)
        XCTAssertEqual(unread.stderr, "roadtrip: cannot write \(fifo.path): nothing is reading from it\n")
    }

    func testStandardOutputAsAPathWritesIntoThePipe() throws {
        try seed()
        let binary = BuiltProducts.url("roadtrip").path
        let piped = try shell("'\(binary)' --data '\(dataFile.path)' export loop --format geojson -o /dev/stdout | cat")
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.stdout, try roadtrip("export", "loop", "--format", "geojson").stdout)
    }

    func testAFolderOrASocketIsRefused() throws {
        try seed()
        let folder = directory.appendingPathComponent("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertEqual(try roadtrip("export", "loop", "--format", "gpx", "-o", folder.path, expect: 1).stderr,
                       "roadtrip: \(folder.path) is a folder; choose a file\n")
        let socketPath = directory.appendingPathComponent("sock").path
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socketPath.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0, "a socket in \(socketPath)")
        XCTAssertEqual(try roadtrip("export", "loop", "--format", "gpx", "-o", socketPath, expect: 1).stderr,
                       "roadtrip: \(socketPath) is a socket; choose a file\n")
    }

    /// Another instance holds the lock while it edits; the backups are what a bad save falls back on.
    func testTheTripsFilesLockAndBackupsAreProtected() throws {
        try seed()
        try roadtrip("rename", "loop", "Highlands loop")   // a save that leaves a backup
        let companions = [("trips.json.lock", "the trips file's lock"), ("trips.json.bak", "a backup of the trips file"),
                          ("trips.json.bak.2", "a backup of the trips file"), ("trips.json", "the trips file itself")]
        for (name, role) in companions {
            let url = directory.appendingPathComponent(name)
            let before = try? Data(contentsOf: url)
            let result = try roadtrip("export", "highlands", "--format", "gpx", "-o", url.path, expect: 1)
            XCTAssertEqual(result.stderr, "roadtrip: \(url.path) is \(role); choose another file\n")
            // The lock holds the pid of the last holder, which was this very command: it must not hold the export.
            let after = try? Data(contentsOf: url)
            if !name.hasSuffix(".lock") { XCTAssertEqual(after, before, "\(name) is untouched") }
            XCTAssertFalse(String(decoding: after ?? Data(), as: UTF8.self).contains("<gpx"), "\(name) is untouched")
        }
        // Through a link too.
        let link = directory.appendingPathComponent("innocent.gpx")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "trips.json.lock")
        let linked = try roadtrip("export", "highlands", "--format", "gpx", "-o", link.path, expect: 1)
        XCTAssertTrue(linked.stderr.contains("is the trips file's lock"), linked.stderr)
    }

    /// A link to a regular file keeps being a link: the file it points at gets the export.
    func testALinkToAFileIsFollowed() throws {
        try seed()
        let real = directory.appendingPathComponent("real.gpx"), link = directory.appendingPathComponent("link.gpx")
        try Data("old".utf8).write(to: real)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.gpx")
        try roadtrip("export", "loop", "--format", "gpx", "-o", link.path)
        XCTAssertEqual(try kind(link), S_IFLNK)
        XCTAssertTrue(try String(contentsOf: real, encoding: .utf8).hasPrefix("<?xml"))
    }
}
