import Foundation
import RoadtripCore
import XCTest
import RoadtripTestSupport

/// The store under SIGKILL: a child process saving in a loop is killed at random moments, and each
/// time the file must be a complete version the child saved, the lock must be free again, and the
/// temporary file of an interrupted save must be cleaned up by the next open.
final class StoreKillLoopTests: XCTestCase {
    private var directory: URL!
    private var dataURL: URL { directory.appendingPathComponent("trips.json") }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testFileIsAlwaysACompleteSavedVersionAfterSIGKILL() throws {
        let rounds = 200
        var generator = SystemRandomNumberGenerator()
        var generation = 0          // what the file held after the previous round
        var orphansSeen = 0, advanced = 0
        let started = Date()

        for round in 0..<rounds {
            let child = try TortureProcess(["save-loop", dataURL.path])
            var acknowledged = generation
            if round % 10 == 0 {
                // Sometimes kill while the child is still starting and opening the store.
                usleep(UInt32.random(in: 0...40_000, using: &generator))
            } else {
                let ready = try XCTUnwrap(child.readLine(), "round \(round): the child did not start")
                XCTAssertEqual(ready, "ready \(generation)", "round \(round)")
                usleep(UInt32.random(in: 0...20_000, using: &generator))
            }
            child.kill()
            for line in child.remainingLines() {
                if line == "ready \(generation)" { continue }
                let parts = line.split(separator: " ")
                XCTAssertEqual(parts.first, "saved", "round \(round): \(line)")
                acknowledged = max(acknowledged, Int(parts.last ?? "") ?? 0)
            }

            orphansSeen += temporaryFiles().count
            let store = try TripStore.open(at: dataURL)
            XCTAssertEqual(store.access, .readWrite, "round \(round): the killed child's lock was not released")
            XCTAssertEqual(temporaryFiles(), [], "round \(round): an interrupted save's temporary file was left")
            let found = TortureGeneration.generation(of: store.trips) ?? 0
            // Every acknowledged save is there; at most one more save finished before the kill.
            XCTAssertTrue(found == acknowledged || found == acknowledged + 1,
                          "round \(round): file holds generation \(found), child acknowledged \(acknowledged)")
            XCTAssertEqual(store.trips, found == 0 ? [] : TortureGeneration.trips(found),
                           "round \(round): generation \(found) is not the version the child saved")
            if found > generation { advanced += 1 }
            generation = found
        }
        let seconds = Date().timeIntervalSince(started)
        print("kill loop: \(rounds) kills in \(String(format: "%.1f", seconds)) s, reached generation \(generation), "
              + "\(advanced) rounds saved something, \(orphansSeen) interrupted saves cleaned up")
        // Not a guarantee, a check that the test tests something: kills must land among saves.
        XCTAssertGreaterThan(advanced, rounds / 10, "too few rounds saved anything before the kill")
    }

    func testSecondProcessIsReadOnlyUntilTheHolderIsKilled() throws {
        let holder = try TortureProcess(["hold-lock", dataURL.path])
        XCTAssertEqual(holder.readLine(), "locked")

        let store = try TripStore.open(at: dataURL)
        let reason = "another roadtrip (pid \(holder.pid)) is editing \(dataURL.path)"
        XCTAssertEqual(store.access, .readOnly(reason: reason))
        XCTAssertEqual(store.notices, [.openedReadOnly(reason: reason)])
        XCTAssertThrowsError(try store.update { $0.append(Trip(name: "Refused")) })

        holder.kill()
        try store.reload()
        XCTAssertEqual(store.access, .readWrite, "the lock of a SIGKILLed holder must be free at once")
        try store.update { $0.append(Trip(name: "Mine now")) }
        XCTAssertEqual(try TripStore.open(at: dataURL).trips.map(\.name), ["Mine now"])
    }

    private func temporaryFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.contains("roadtrip-tmp") }
    }
}
