import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The estimate on real legs by fjords, islands, straits and coasts (`WaterLeg.all`), against their roads: marked
/// "crosses water" exactly where no road round shows, with a sea gap no longer than its straight line and its time at a
/// ferry's speed; within `WaterLeg.tolerance` of the road where one is known.
final class WaterLegsTests: XCTestCase {
    func testEveryLegAgainstItsRoad() {
        let engine = EstimateEngine(water: TestWater.shared)
        XCTAssertGreaterThanOrEqual(WaterLeg.all.count, 15)
        for leg in WaterLeg.all {
            let estimate = engine.leg(from: leg.from, to: leg.to)
            let line = GreatCircle.distanceKm(lat1: leg.from.latitude, lon1: leg.from.longitude,
                                              lat2: leg.to.latitude, lon2: leg.to.longitude)
            XCTAssertEqual(estimate.crossesWater, leg.crossesWater, "\(leg): \(leg.why)")
            if let road = leg.roadKm {
                XCTAssertEqual(estimate.distanceKm, road, accuracy: road * WaterLeg.tolerance, "\(leg): \(leg.why)")
            }
            if leg.crossesWater {
                XCTAssertLessThanOrEqual(estimate.seaKm, line, "\(leg)")
                XCTAssertGreaterThan(estimate.durationSeconds, estimate.seaKm / EstimateEngine.ferryKmh * 3600, "\(leg)")
            }
        }
    }

    /// The leg's mark says how much sea the guess crosses, in the user's unit.
    func testTheMarkNamesTheSeaGap() throws {
        let dover = try XCTUnwrap(WaterLeg.all.first { $0.name == "Dover → Calais" })
        let leg = Itinerary.Leg(from: 0, EstimateEngine(water: TestWater.shared).leg(from: dover.from, to: dover.to))
        let km = Int(leg.seaKm.rounded()), miles = Int((leg.seaKm / DistanceUnit.kilometresPerMile).rounded())
        XCTAssertTrue(TripText.leg(leg, .km).hasSuffix("≈ crosses ≈\(km) km of sea"), TripText.leg(leg, .km))
        XCTAssertTrue(TripText.leg(leg, .mi).hasSuffix("≈ crosses ≈\(miles) mi of sea"), TripText.leg(leg, .mi))
    }
}
