import Foundation
import RoadtripCore
import TerminalUI
import XCTest
@testable import RoadtripApp

/// A large file's list is drawn from its first trips while the rest is read on another thread; the list fills
/// in when it is done, and a file whose rest cannot be read stops the app with the store's message.
final class LargeFileStartTests: XCTestCase {
    private var file: TemporaryTripFile!

    override func setUpWithError() throws {
        file = try TemporaryTripFile()
    }

    private func writeTrips(_ count: Int) throws {
        let trips = (0..<count).map { Trip(name: "Trip \($0)", createdAt: Date(timeIntervalSince1970: 1_700_000_000)) }
        try file.open().update { $0 = trips }
    }

    private func openInTwoSteps() throws -> TripStore {
        var options = TripStore.Options()
        options.readInBackgroundAbove = 0
        return try TripStore.open(at: file.url, options: options)
    }

    /// Runs the loop until it has taken the finished read (posted to it from another thread) or ended: other late
    /// data wakes the loop too, so a wake alone says nothing.
    private func deliverFinishedRead(_ app: AppDriver, _ store: TripStore) throws {
        let deadline = Date().addingTimeInterval(30)
        repeat {
            guard Date() < deadline else { throw StoreError.readOnly(reason: "the read never finished") }
            usleep(1_000)
            app.terminal.enqueue(event: .wake)
            app.runQueued()
        } while store.isLoading && !app.didQuit
    }

    func testTheFirstTripsAreListedAtOnceAndTheRestFillsInKeepingTheSelection() throws {
        try writeTrips(TripStore.headTrips + 40)
        let store = try openInTwoSteps()
        let app = AppDriver(repository: store)
        XCTAssertTrue(app.screen[0].hasSuffix(" \(TripStore.headTrips) trips so far, reading…"), app.dump)
        app.press(.down, .down, .down)
        XCTAssertTrue(app.screen.contains { $0.hasPrefix(" Trip 3 ") }, app.dump)

        try deliverFinishedRead(app, store)
        XCTAssertFalse(store.isLoading)
        XCTAssertTrue(app.screen[0].hasSuffix("\(TripStore.headTrips + 40) trips"), app.dump)
        app.press(.enter)
        XCTAssertEqual(app.topTitle, "Trip 3", "the selection stayed on the same trip")
    }

    func testARestThatCannotBeReadEndsTheRunWithTheStoresMessage() throws {
        try writeTrips(TripStore.headTrips + 2)
        let text = String(decoding: try Data(contentsOf: file.url), as: UTF8.self)
            .replacingOccurrences(of: "\"name\" : \"Trip \(TripStore.headTrips + 1)\"", with: "\"name\" : null")
        try Data(text.utf8).write(to: file.url)
        let store = try openInTwoSteps()
        let app = AppDriver(repository: store)
        XCTAssertTrue(app.screen[0].hasSuffix(" \(TripStore.headTrips) trips so far, reading…"), "the head is fine: \(app.dump)")

        try deliverFinishedRead(app, store)
        XCTAssertTrue(app.didQuit, "the loop ended")
        let message = try XCTUnwrap(app.session.unreadable)
        XCTAssertTrue(message.contains("\(file.url.path) is not a valid trips file"), message)
        XCTAssertTrue(message.contains("trip \(TripStore.headTrips + 2), name: expected a string, found null"), message)
        XCTAssertEqual(try Data(contentsOf: file.url), Data(text.utf8), "nothing was written")
    }
}
