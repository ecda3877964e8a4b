import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// Without a routing engine, a trip's legs are estimated, and a leg whose two stops did not move is taken from the
/// trip's previous itinerary (`RouteService.recentEstimates`). Taken or estimated again, every leg must be what a
/// fresh route service estimates: after reorders, stops added and removed, undos, and the estimate's settings changed.
final class RouteServiceEstimateReuseTests: XCTestCase {
    private func stop(_ index: Int) -> Waypoint {
        Waypoint(name: "Stop \(index)", latitude: 40 + Double((index * 37) % 20) * 0.35,
                 longitude: -100 + Double((index * 53) % 40) * 0.6)
    }

    private func freshLegs(_ trip: Trip, _ settings: Settings) -> [Itinerary.Leg] {
        RouteService(settings: { settings }, makeEngine: { _ in nil }, cache: nil).itinerary(for: trip).legs
    }

    func testLegsAfterReordersInsertsRemovalsAndUndosAreTheEstimatesOfAFreshService() {
        var generator = SeededGenerator(seed: 35)
        var trip = Trip(name: "Reuse", waypoints: (0..<40).map(stop))
        let service = RouteService(settings: { Settings() }, makeEngine: { _ in nil }, cache: nil)
        var history: [[Waypoint]] = []
        for step in 0..<200 {
            let count = trip.waypoints.count, index = Int.random(in: 0..<count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0, 1: trip.waypoints.swapAt(index, min(index + 1, count - 1))
            case 2: trip.waypoints.insert(stop(100 + step), at: index)
            case 3 where count > 3: trip.waypoints.remove(at: index)
            default: if let earlier = history.popLast() { trip.waypoints = earlier }
            }
            history.append(trip.waypoints)
            XCTAssertEqual(service.itinerary(for: trip).legs, freshLegs(trip, Settings()), "step \(step)")
        }
    }

    func testLegsAfterTheEstimatesSettingsChangedAreEstimatedAgain() {
        let trip = Trip(name: "Settings", waypoints: (0..<12).map(stop))
        var settings = Settings()
        let service = RouteService(settings: { settings }, makeEngine: { _ in nil }, cache: nil)
        _ = service.itinerary(for: trip)
        settings.detour = 1.6
        settings.speedKmh = 95
        let legs = service.itinerary(for: trip).legs
        XCTAssertEqual(legs, freshLegs(trip, settings))
        XCTAssertNotEqual(legs, freshLegs(trip, Settings()), "the new settings change the legs, or this proves nothing")
    }
}
