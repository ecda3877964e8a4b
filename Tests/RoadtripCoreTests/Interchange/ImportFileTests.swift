import Foundation
import XCTest
@testable import RoadtripCore

/// What `TripImporter.read` (the command's and the app's import) opens: regular files only.
final class ImportFileTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("import-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A named pipe with no writer would block `open` for ever. A watcher keeps trying to open it for writing
    /// without blocking, which succeeds only while a reader has it open (and then frees that reader): it must
    /// never succeed, and the import must say what the path is.
    func testANamedPipeIsRefusedWithoutBeingOpened() throws {
        let fifo = directory.appendingPathComponent("f.gpx")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let watcher = PipeWatcher(path: fifo.path)
        watcher.start()
        XCTAssertThrowsError(try TripImporter.read(contentsOf: fifo)) { error in
            XCTAssertEqual(error as? ImportError,
                           .unreadable(path: fifo.path, reason: "a named pipe (FIFO), not a regular file"))
            XCTAssertEqual("\(error)", "cannot read \(fifo.path): a named pipe (FIFO), not a regular file")
        }
        XCTAssertFalse(watcher.stop(), "the import opened the pipe (and would have waited for a writer)")
    }

    func testADirectoryOrADeviceIsRefused() throws {
        XCTAssertThrowsError(try TripImporter.read(contentsOf: directory)) { error in
            XCTAssertEqual(error as? ImportError, .unreadable(path: directory.path, reason: "a directory, not a regular file"))
        }
        XCTAssertThrowsError(try TripImporter.read(contentsOf: URL(fileURLWithPath: "/dev/zero"))) { error in
            XCTAssertEqual(error as? ImportError, .unreadable(path: "/dev/zero", reason: "a device, not a regular file"))
        }
    }

    func testARegularFileAndALinkToOneAreRead() throws {
        let file = directory.appendingPathComponent("a.gpx")
        try #"<gpx><wpt lat="1" lon="2"><name>A</name></wpt></gpx>"#.write(to: file, atomically: true, encoding: .utf8)
        let link = directory.appendingPathComponent("link.gpx")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        XCTAssertEqual(try TripImporter.read(contentsOf: link).trip.waypoints.map(\.name), ["A"])
        XCTAssertThrowsError(try TripImporter.read(contentsOf: directory.appendingPathComponent("none.gpx"))) { error in
            XCTAssertEqual("\(error)", "cannot read \(self.directory.path)/none.gpx: there is no such file in \(self.directory.path)")
        }
    }
}

/// Opens a named pipe for writing, without blocking, again and again until stopped; remembers whether it ever
/// could (only while some reader has the pipe open).
private final class PipeWatcher: @unchecked Sendable {
    private let path: String
    private let lock = NSLock()
    private var stopped = false, opened = false
    private let done = DispatchSemaphore(value: 0)

    init(path: String) { self.path = path }

    func start() {
        Thread.detachNewThread { [self] in
            while !lock.withLock({ stopped }) {
                let fd = open(path, O_WRONLY | O_NONBLOCK)
                if fd >= 0 {
                    lock.withLock { opened = true }
                    close(fd)
                }
                usleep(1_000)
            }
            done.signal()
        }
    }

    /// Stops watching; whether the pipe was ever open for reading meanwhile.
    func stop() -> Bool {
        lock.withLock { stopped = true }
        done.wait()
        return lock.withLock { opened }
    }
}
