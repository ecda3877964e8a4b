import XCTest
@testable import RoadtripCore

final class GreatCircleTests: XCTestCase {
    /// References: geodesic distances on the WGS84 ellipsoid (GeographicLib, Karney 2013). The sphere
    /// must agree with the ellipsoid to 0.5 %.
    func testKnownCityPairsWithinHalfPercent() {
        let pairs: [(String, Double, Double, Double, Double, Double)] = [
            ("London–Paris", 51.5074, -0.1278, 48.8566, 2.3522, 343.9),
            ("New York–Los Angeles", 40.7128, -74.0060, 34.0522, -118.2437, 3_944.4),
            ("Sydney–Melbourne", -33.8688, 151.2093, -37.8136, 144.9631, 713.9),
            ("Chicago–Santa Monica", 41.8781, -87.6298, 34.0195, -118.4912, 2_831.5),
            ("Tokyo–São Paulo", 35.6762, 139.6503, -23.5505, -46.6333, 18_533.5),
        ]
        for (name, lat1, lon1, lat2, lon2, expected) in pairs {
            let d = GreatCircle.distanceKm(lat1: lat1, lon1: lon1, lat2: lat2, lon2: lon2)
            XCTAssertEqual(d, expected, accuracy: expected * 0.005, name)
        }
    }

    func testZeroAndAntipodes() {
        XCTAssertEqual(GreatCircle.distanceKm(lat1: 10, lon1: 20, lat2: 10, lon2: 20), 0, accuracy: 1e-9)
        XCTAssertEqual(GreatCircle.distanceKm(lat1: 0, lon1: 0, lat2: 0, lon2: 180),
                       .pi * GreatCircle.meanRadiusKm, accuracy: 1e-6)
    }

    func testEstimatedLegsAndTotalAreTheArcTimesTheDetour() throws {
        let stops = [
            Waypoint(name: "A", latitude: 0, longitude: 0),
            Waypoint(name: "B", latitude: 0, longitude: 1),
            Waypoint(name: "C", latitude: 0, longitude: 3),
        ]
        var settings = Settings()
        settings.detour = 1
        let itinerary = estimatedItinerary(Trip(name: "T", waypoints: stops), settings: settings)
        XCTAssertEqual(itinerary.legs.count, 2)
        XCTAssertEqual(itinerary.legs[0].distanceKm, 111.195, accuracy: 0.01)
        XCTAssertEqual(itinerary.legs[1].distanceKm, 222.390, accuracy: 0.01)
        XCTAssertEqual(itinerary.distanceKm, 333.585, accuracy: 0.01)
    }

    func testFormatting() {
        XCTAssertEqual(DistanceUnit.km.format(km: 3_945.4), "3,945 km")
        XCTAssertEqual(DistanceUnit.km.format(km: 12.44), "12.4 km")
        XCTAssertEqual(DistanceUnit.mi.format(km: 1_609.344), "1,000 mi")
        XCTAssertEqual(DistanceUnit.km.format(km: 1_234_567), "1,234,567 km")
    }
}
