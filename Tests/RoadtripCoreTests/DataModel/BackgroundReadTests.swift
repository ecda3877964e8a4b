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

    private static func corruption(_ error: Error) -> String? {
        guard case let .corrupt(_, reason, _, _)? = error as? StoreError else { return nil }
        return reason
    }
}
