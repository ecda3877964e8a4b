import Foundation
import XCTest
@testable import RoadtripCore

/// A list's summaries are worked out again only for the trips that changed, until late data says every figure may
/// have: the settings here change behind the list's back, so a kept figure shows as the old one.
final class TripSummariesTests: XCTestCase {
    private let north = Trip(name: "North", waypoints: [Waypoint(name: "Oslo", latitude: 59.91, longitude: 10.75),
                                                        Waypoint(name: "Hamar", latitude: 60.79, longitude: 11.07)])
    private let west = Trip(name: "West", waypoints: [Waypoint(name: "Lyon", latitude: 45.76, longitude: 4.84),
                                                      Waypoint(name: "Vichy", latitude: 46.13, longitude: 3.43)])

    func testOnlyChangedTripsAreWorkedOutAgainUntilLateDataArrives() {
        let lock = NSLock()
        var settings = Settings()
        let late = LateData(feed: ChangeFeed()) { $0() }
        let service = RouteService(settings: { lock.withLock { settings } }, makeEngine: { _ in nil }, cache: nil, late: late)
        let kept = TripSummaries()
        let first = service.summaries(of: [north, west], keeping: kept)
        XCTAssertEqual(first, service.summaries(of: [north, west]))

        lock.withLock { settings.detour = 2 }
        var longer = west
        longer.waypoints.append(Waypoint(name: "Clermont", latitude: 45.78, longitude: 3.08))
        let second = service.summaries(of: [north, longer], keeping: kept)
        XCTAssertEqual(second[0], first[0], "an unchanged trip keeps its summary")
        XCTAssertEqual(second[1], service.summary(of: longer), "a changed trip is worked out again")
        XCTAssertEqual(service.refresh([north], keeping: kept), [service.summary(of: north)], "routes came for it")
        XCTAssertNotEqual(service.summary(of: north), first[0])

        late.changedOnLoop(.settings)
        XCTAssertEqual(service.summaries(of: [north, longer], keeping: kept), service.summaries(of: [north, longer]))
    }
}
