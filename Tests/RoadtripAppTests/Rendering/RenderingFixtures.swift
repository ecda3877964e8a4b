import Foundation
@testable import RoadtripApp
import RoadtripCore
import RoadtripTestSupport
import TerminalUI
import XCTest

/// Fixed trips for whole-screen comparisons: nothing on screen depends on the clock or on random ids.
enum RenderingFixtures {
    static let created = Date(timeIntervalSince1970: 1_800_000_000)

    /// ESC (with a colour sequence), CR and a right-to-left override: each must show as a visible placeholder.
    static let hostileTripName = "Evil\u{1B}[31mRed\rTrip\u{202E}gpj.exe"
    static let hostileStopName = "\u{1B}]0;pwned\u{7}Stop\r\u{202E}1"

    static var route66: Trip {
        Trip(name: "Route 66", createdAt: created, startDate: CalendarDate("2027-06-12"),
             notes: "Get your kicks.\nSecond line.", waypoints: [
                Waypoint(name: "Chicago", latitude: 41.85003, longitude: -87.65005, region: "Illinois",
                         countryCode: "US", nights: 1),
                Waypoint(name: "St. Louis", latitude: 38.62727, longitude: -90.19789, region: "Missouri",
                         countryCode: "US", nights: 1),
                Waypoint(name: "Tulsa", latitude: 36.15398, longitude: -95.99277, region: "Oklahoma",
                         countryCode: "US", nights: 1),
                Waypoint(name: "Amarillo", latitude: 35.222, longitude: -101.8313, region: "Texas", countryCode: "US"),
                Waypoint(name: "Santa Monica", latitude: 34.01949, longitude: -118.49138, region: "California",
                         countryCode: "US", nights: 2, notes: "Pier at sunset"),
             ])
    }

    static var tokaido: Trip {
        Trip(name: "東海道 Tōkaidō", createdAt: created, waypoints: [
            Waypoint(name: "東京", latitude: 35.6895, longitude: 139.69171, region: "東京都", countryCode: "JP", nights: 2),
            Waypoint(name: "箱根 ♨️", latitude: 35.2323, longitude: 139.1069, countryCode: "JP", nights: 1),
            Waypoint(name: "京都", latitude: 35.02107, longitude: 135.75385, region: "京都府", countryCode: "JP", nights: 3),
        ])
    }

    static var family: Trip {
        Trip(name: "Family 👨‍👩‍👧 road trip 🚗", createdAt: created)
    }

    static var hostile: Trip {
        Trip(name: hostileTripName, createdAt: created, notes: "Line\u{1B}[2J one", waypoints: [
            Waypoint(name: hostileStopName, latitude: 1, longitude: 2, region: "\u{202E}Region", countryCode: "X\u{1B}"),
            Waypoint(name: "Next", latitude: 1.5, longitude: 2.5),
        ])
    }

    static var all: [Trip] { [route66, tokaido, family, hostile] }

    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// Compares the whole screen with the file `name` in Goldens/ (`ROADTRIP_UPDATE_GOLDENS=1` rewrites the
    /// file from the current output, and fails: see `Golden`).
    static func assertGolden(_ app: AppDriver, _ name: String) throws {
        try Golden.check(app.screen.joined(separator: "\n") + "\n", against: goldens.appendingPathComponent(name),
                         context: app.dump)
    }

    /// The app over these trips on a terminal of the given size.
    static func app(rows: Int, columns: Int, trips: [Trip] = all) -> AppDriver {
        AppDriver(repository: InMemoryTripRepository(trips: trips), rows: rows, columns: columns)
    }
}
