import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// `y` on the trip screen: the trip's Google Maps link, copied through the terminal (OSC 52), with the other
/// services a key away.
final class ShareLinkDialogTests: XCTestCase {
    private func open(stops: Int, rows: Int = 30, columns: Int = 100) -> AppDriver {
        let trip = Trip(name: "Route 66", waypoints: (0..<stops).map {
            Waypoint(name: "Stop \($0 + 1)", latitude: 41.5 - Double($0) / 2, longitude: -87.5 - Double($0) * 3)
        })
        let app = AppDriver(repository: InMemoryTripRepository(trips: [trip, Trip(name: "Empty")]), rows: rows, columns: columns)
        app.press(.enter)
        return app
    }

    func testYShowsTheGoogleLinkAndCopiesIt() throws {
        let app = open(stops: 3)
        app.press(.character("y"))
        let link = "https://www.google.com/maps/dir/?api=1&origin=41.5,-87.5&destination=40.5,-93.5&waypoints=41,-90.5&travelmode=driving"
        XCTAssertEqual(app.terminal.clipboard, link)
        XCTAssertEqual(app.topTitle, "Google Maps link (phone)", app.dump)
        XCTAssertTrue(app.screenContains("https://www.google.com/maps/dir/?api=1&origin=41.5,-87.5"), app.dump)
        XCTAssertTrue(app.screenContains("Copied to the clipboard (OSC 52)"), app.dump)
        XCTAssertTrue(app.screenContains("[o] OpenStreetMap"), app.dump)

        app.press(.character("o"))
        XCTAssertEqual(app.topTitle, "OpenStreetMap link", app.dump)
        XCTAssertEqual(app.terminal.clipboard?.split(separator: "\n").count, 2, "one link per leg")
        XCTAssertTrue(app.screenContains("(one per leg)."), app.dump)
        app.press(.escape)
        XCTAssertEqual(app.topTitle, "Route 66", app.dump)
        XCTAssertTrue(app.screenContains("Copied the OpenStreetMap link"), app.dump)
    }

    func testALongTripIsSplitAndAllItsLinksAreCopied() throws {
        let app = open(stops: 12)
        app.press(.character("y"))
        let copied = try XCTUnwrap(app.terminal.clipboard).split(separator: "\n")
        XCTAssertEqual(copied.count, 3, "phone-safe: five points a link")
        XCTAssertTrue(app.screenContains("(stops 1–5, 5–9, 9–12)"), app.dump)

        app.press(.character("d"))
        XCTAssertEqual(app.topTitle, "Google Maps link (computer)", app.dump)
        XCTAssertEqual(app.terminal.clipboard?.split(separator: "\n").count, 2, "eleven points a link")
        XCTAssertTrue(app.screenContains("(stops 1–11, 11–12)"), app.dump)
    }

    func testATerminalWithoutClipboardRequestsIsToldSoAndTheLinkStillShows() throws {
        let app = open(stops: 2)
        app.terminal.acceptsClipboard = false
        app.press(.character("y"))
        XCTAssertNil(app.terminal.clipboard)
        XCTAssertTrue(app.screenContains("This terminal takes no clipboard requests"), app.dump)
        XCTAssertTrue(app.screenContains("https://www.google.com/maps/dir/"), app.dump)
        app.press(.escape)
        XCTAssertFalse(app.screenContains("Copied"), app.dump)
    }

    func testATripWithoutStopsSaysSoWithoutADialog() throws {
        let app = open(stops: 0)
        app.press(.character("q"), .character("j"), .enter)
        XCTAssertEqual(app.topTitle, "Empty", app.dump)
        app.press(.character("y"))
        XCTAssertEqual(app.topTitle, "Empty", app.dump)
        XCTAssertTrue(app.screenContains("No stops to link to yet"), app.dump)
        XCTAssertNil(app.terminal.clipboard)
    }

    func testEndingTheAppWithTheDialogOpenFreesEveryScreen() throws {
        weak var stack: ScreenStack?
        do {
            let app = open(stops: 2)
            app.press(.character("y"))
            XCTAssertEqual(app.topTitle, "Google Maps link (phone)")
            stack = app.app.stack
            app.press(.ctrl("c"))
        }
        XCTAssertNil(stack, "a dialog's answer must not keep the stack (and with it the store's lock) alive")
    }

    func testTheDialogFitsATinyTerminal() throws {
        let app = open(stops: 12, rows: 15, columns: 60)
        app.press(.character("y"))
        XCTAssertEqual(app.topTitle, "Google Maps link (phone)", app.dump)
        XCTAssertTrue(app.screenContains("[a] Apple Maps"), "the choices stay when the message is cut: \(app.dump)")
    }
}
