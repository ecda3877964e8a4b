import Foundation
import XCTest
@testable import RoadtripCore

/// A large file is read in two steps (`Options.readInBackgroundAbove`): its first trips at once, the whole of it
/// on another thread. Every guarantee still holds for the whole file.
final class BackgroundReadTests: StoreTestCase {
    private func openInTwoSteps() throws -> TripStore {
        var options = TripStore.Options()
        options.readInBackgroundAbove = 0
        return try TripStore.open(at: dataURL, options: options)
    }

    private func writeTrips(_ count: Int) throws -> [Trip] {
        let trips = (0..<count).map { Self.trip("Trip \($0)") }
        try open().update { $0 = trips }
        return try XCTUnwrap(try open().trips)
    }

    private func waitUntilLoaded(_ store: TripStore) {
        let loaded = expectation(description: "the rest of the file is read")
        store.whenLoaded { loaded.fulfill() }
        wait(for: [loaded], timeout: 30)
    }

    func testTheFirstTripsComeAtOnceAndTheWholeFileAfter() throws {
        let all = try writeTrips(TripStore.headTrips + 50)
        let store = try openInTwoSteps()
        XCTAssertTrue(store.isLoading)
        XCTAssertEqual(store.trips, Array(all.prefix(TripStore.headTrips)))
        XCTAssertEqual(store.access, .readWrite)
        waitUntilLoaded(store)
        try store.finishLoading()
        XCTAssertFalse(store.isLoading)
        XCTAssertEqual(store.trips, all)
    }

    /// The app's way (`readRestWhenAsked`): nothing more is read until asked, so the first frame has the cores;
    /// then the rest comes as usual. A change before that asks by itself.
    func testTheRestWaitsUntilAskedAndAChangeAsksForIt() throws {
        let all = try writeTrips(TripStore.headTrips + 50)
        var options = TripStore.Options()
        options.readInBackgroundAbove = 0
        options.readRestWhenAsked = true
        do {
            let store = try TripStore.open(at: dataURL, options: options)
            XCTAssertTrue(store.isLoading)
            let early = expectation(description: "nothing read before it is asked for")
            early.isInverted = true
            store.whenLoaded { early.fulfill() }
            wait(for: [early], timeout: 0.5)
            store.readRestOfFile()
            store.readRestOfFile()
            waitUntilLoaded(store)
            try store.finishLoading()
            XCTAssertEqual(store.trips, all)
        }
        let unasked = try TripStore.open(at: dataURL, options: options)
        try unasked.update { $0.removeFirst() }
        XCTAssertEqual(try trips().map(\.name), all.dropFirst().map(\.name), "the change waited for the whole file")
    }

    func testAChangeWhileLoadingWaitsForTheWholeFileAndSavesAllOfIt() throws {
        let all = try writeTrips(TripStore.headTrips + 10)
        let store = try openInTwoSteps()
        try store.update { $0.insert(Self.trip("New"), at: 0) }
        XCTAssertFalse(store.isLoading)
        XCTAssertEqual(try trips().map(\.name), ["New"] + all.map(\.name), "nothing after the head was lost")
    }

    func testReadingTheFileAgainReadsAllOfItAtOnce() throws {
        let all = try writeTrips(TripStore.headTrips + 10)
        let store = try openInTwoSteps()
        try store.reload()
        XCTAssertFalse(store.isLoading, "nobody would be told when a second background read ended")
        XCTAssertEqual(store.trips, all)
    }

    func testASmallOrHandOrderedFileIsReadAtOnce() throws {
        _ = try writeTrips(3)
        XCTAssertFalse(try openInTwoSteps().isLoading, "three trips: the head is the whole list, read at once")
        try write(#"{ "trips" : [], "schemaVersion" : 1 }"#)
        XCTAssertFalse(try openInTwoSteps().isLoading, "trips before the version: read the usual way")
        var options = TripStore.Options()
        options.readInBackgroundAbove = 1 << 30
        _ = try writeTrips(TripStore.headTrips + 1)
        XCTAssertFalse(try TripStore.open(at: dataURL, options: options).isLoading, "below the threshold")
    }

    func testTheHeadStopsAfterTheTripThatCrossesTheByteBudget() throws {
        _ = try writeTrips(20)
        let data = try XCTUnwrap(contents())
        let oneTrip = try XCTUnwrap(TripFileReader.head(data, maxTrips: 100, maxBytes: 1))
        XCTAssertEqual(oneTrip.map(\.name), ["Trip 0"])
        let five = try XCTUnwrap(TripFileReader.head(data, maxTrips: 5, maxBytes: .max))
        XCTAssertEqual(five.map(\.name), (0..<5).map { "Trip \($0)" })
        XCTAssertNil(TripFileReader.head(data, maxTrips: 21, maxBytes: .max)?.count, "every trip fits: no head")
    }

    func testARestThatCannotBeReadIsQuarantinedAndRefusesEveryChange() throws {
        let all = try writeTrips(TripStore.headTrips + 5)
        let text = String(decoding: try XCTUnwrap(contents()), as: UTF8.self)
        let broken = text.replacingOccurrences(of: "\"name\" : \"Trip \(all.count - 1)\"", with: "\"name\" : 7")
        XCTAssertNotEqual(broken, text)
        try write(broken)
        let store = try openInTwoSteps()
        XCTAssertEqual(store.trips.count, TripStore.headTrips, "the head is fine")
        waitUntilLoaded(store)

        XCTAssertThrowsError(try store.finishLoading()) { error in
            guard case let .corrupt(_, reason, copy, _)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.hasSuffix("trip \(all.count), name: expected a string, found a number"), reason)
            XCTAssertEqual(copy.flatMap { FileManager.default.contents(atPath: $0) }, Data(broken.utf8))
        }
        XCTAssertThrowsError(try store.update { $0.removeAll() }) { XCTAssertNotNil(Self.corruption($0)) }
        XCTAssertThrowsError(try store.save()) { XCTAssertNotNil(Self.corruption($0)) }
        guard case .readOnly = store.access else { return XCTFail("the store must be read-only") }
        XCTAssertEqual(contents(), Data(broken.utf8), "the file is untouched")
    }

    /// Only the first bytes are read before `open` returns: a read of the rest that fails leaves the head open,
    /// read-only once the failure is known, and the file as it was.
    func testOpeningReadsOnlyTheFirstBytesAndAFailedReadOfTheRestIsAnIOError() throws {
        let notes = String(repeating: "Fill up before the pass. ", count: 360)  // 9 kB a trip
        let all = (0..<400).map { Self.trip("Trip \($0)", stops: 1) }.map { trip in
            var trip = trip
            trip.notes = notes
            return trip
        }
        try open().update { $0 = all }
        let size = try XCTUnwrap(contents()).count
        XCTAssertGreaterThan(size, TripStore.headBytes * 3 / 2, "larger than the first bytes read")
        let fileSystem = FaultyFileSystem()
        var reads = 0
        fileSystem.fail(.read, with: EIO) { [dataPath] path in
            guard path == dataPath else { return false }
            reads += 1
            return reads > 1
        }
        var options = TripStore.Options()
        options.fileSystem = fileSystem
        options.readInBackgroundAbove = 0
        let store = try TripStore.open(at: dataURL, options: options)
        XCTAssertTrue(store.isLoading)
        XCTAssertEqual(store.trips.map(\.name), all.prefix(store.trips.count).map(\.name))
        XCTAssertGreaterThan(store.trips.count, 100)
        waitUntilLoaded(store)
        let failure = StoreError.io(path: dataPath, operation: "read", message: SystemCallError("read", code: EIO).description)
        assertThrows(failure) { try store.finishLoading() }
        assertThrows(failure) { try store.update { $0.removeAll() } }
        guard case .readOnly = store.access else { return XCTFail("the store must be read-only") }
        XCTAssertEqual(contents()?.count, size, "the file is untouched")
    }

    /// A file changed after its first bytes were read (an editor writing in place) is read again, whole: what the
    /// store then holds and saves over is the new version, never a mix of two.
    func testAFileChangedWhileItIsReadIsReadAgainWhole() throws {
        _ = try writeTrips(TripStore.headTrips + 10)
        let changed = (0..<TripStore.headTrips + 20).map { Self.trip("Changed \($0)") }
        let changedFile = try TripDocument.encode(TripDocument(trips: changed))
        let fileSystem = FaultyFileSystem()
        var checks = 0
        // The second look at the file's version is the background's, once it has read it all: the file changes
        // just before.
        fileSystem.fail(.fstat, with: EIO) { [dataURL] path in
            guard path == dataURL.path else { return false }
            checks += 1
            if checks == 2 { try? changedFile.write(to: dataURL) }
            return false
        }
        var options = TripStore.Options()
        options.fileSystem = fileSystem
        options.readInBackgroundAbove = 0
        let store = try TripStore.open(at: dataURL, options: options)
        XCTAssertTrue(store.isLoading)
        XCTAssertEqual(store.trips.first?.name, "Trip 0", "the head came from the first version")
        try store.update { $0.removeLast() }
        XCTAssertEqual(try trips().map(\.name), changed.dropLast().map(\.name))
    }

    private static func corruption(_ error: Error) -> String? {
        guard case let .corrupt(_, reason, _, _)? = error as? StoreError else { return nil }
        return reason
    }
}
