import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import XCTest

/// The trip use case on a road along the equator whose chargers can be placed by hand: which it uses, what it
/// inserts, the SoC at every stop, and the gap where no plan exists.
final class TripChargingTests: XCTestCase {
    /// The chargers' sockets by OSM id, as a region's index gives them.
    private struct Sockets: ChargerLookup {
        var chargers: [String: Charger]
        func charger(osmID: String) -> Charger? { chargers[osmID] }
        func nearest(latitude: Double, longitude: Double, withinKm km: Double, accepting accepts: (Charger) -> Bool) -> Charger? {
            chargers.values.filter { !$0.isPrivate && accepts($0) }.first {
                GreatCircle.distanceKm(lat1: latitude, lon1: longitude, lat2: $0.latitude, lon2: $0.longitude) <= km
            }
        }
    }

    private let settings = Settings()
    private let battery = EVBattery(usableKWh: 60, startSoC: 90, reserveSoC: 10, chargeToSoC: 80,
                                    curve: .standard(peakKW: 150), acKW: 11, stopSeconds: 300,
                                    ports: Set(SocketKind.standardPorts), consumption: FuelConsumption(at90: 20, at120: 20))

    /// Stops at 0°, 3° and 6° east on the equator; each leg reported as 300 km in 3 h, so a place at longitude x
    /// is 100·x km into the day.
    private func trip(stops: Int = 3) -> Trip {
        Trip(name: "Equator EV", waypoints: (0..<stops).map { Waypoint(name: "E\($0 * 3)", latitude: 0, longitude: Double($0 * 3)) })
    }

    private func itinerary(_ trip: Trip) -> Itinerary {
        // Routed legs between consecutive stops whatever they are (inserted charge stops included): the road
        // straight along the equator, 100 km and 1 h per degree.
        let legs = zip(trip.waypoints, trip.waypoints.dropFirst()).enumerated().map { index, pair in
            let (a, b) = pair
            let degrees = abs(b.longitude - a.longitude) + abs(b.latitude - a.latitude)
            let road = (0...20).map { Coordinate(checked: a.latitude + (b.latitude - a.latitude) * Double($0) / 20,
                                                 a.longitude + (b.longitude - a.longitude) * Double($0) / 20) }
            return Itinerary.Leg(from: index, RoutedLeg(distanceKm: degrees * 100, durationSeconds: degrees * 3600,
                                                        geometry: road, source: .osrm))
        }
        var settings = settings
        settings.dailyLimitHours = 10
        return Itinerary(trip: trip, legs: legs, settings: settings)
    }

    private func charger(_ id: Int, _ latitude: Double, _ longitude: Double, _ socket: SocketKind, _ kw: Double,
                         private isPrivate: Bool = false) -> (RegionFeature, Charger) {
        (RegionFeature(osmID: "n\(id)", latitude: latitude, longitude: longitude, kind: "charging_station",
                       category: .charge, name: "C\(id)"),
         Charger(osmID: "n\(id)", latitude: latitude, longitude: longitude, name: "C\(id)",
                 sockets: [Charger.Socket(kind: socket, count: 2, kw: kw)], isPrivate: isPrivate))
    }

    private func plan(_ trip: Trip, _ chargers: [(RegionFeature, Charger)], day: Int? = nil) -> TripCharging {
        let finder = AlongFinder(index: POIIndex(features: chargers.map(\.0)), settings: settings)
        let lookup = Sockets(chargers: Dictionary(uniqueKeysWithValues: chargers.map { ($0.1.osmID, $0.1) }))
        return TripCharging.plan(trip, battery: battery, finder: finder, chargers: lookup, itinerary: itinerary, day: day)
    }

    private var corridor: [(RegionFeature, Charger)] {
        [charger(1, 0, 1.5, .type2Combo, 50),                  // km 150, on the road, slow
         charger(2, 0, 2.0, .chademo, 150),                    // km 200: no socket a CCS car takes
         charger(3, 0.02, 2.2, .type2Combo, 300),              // km 220, 2.2 km off: fast, the detour pays
         charger(4, 0, 2.5, .type2Combo, 350, private: true),  // km 250: private
         charger(5, 0, 4.0, .type2, 22),                       // km 400: AC, capped at the car's 11 kW
         charger(6, 0, 4.5, .type2Combo, 150)]                 // km 450
    }

    func testChargesAtCompatibleChargersKeepingEveryArrivalAboveTheReserve() throws {
        let charging = plan(trip(), corridor)
        XCTAssertTrue(charging.feasible)
        XCTAssertTrue(charging.changesTrip)
        let used = Set(charging.charges.map(\.osmID))
        XCTAssertFalse(used.contains("n2"), "CHAdeMO only")
        XCTAssertFalse(used.contains("n4"), "private")
        XCTAssertTrue(used.contains("n3"), "the fast charger is worth its detour: \(used)")
        XCTAssertFalse(used.contains("n1"), "the slow one on the road is not: \(used)")
        XCTAssertEqual(charging.unused.incompatible, 1)
        XCTAssertEqual(charging.unused.isPrivate, 1)
        // Every stop of the new trip has its SoC, every arrival at or above the reserve.
        XCTAssertEqual(charging.stops.map(\.position), Array(charging.after.waypoints.indices))
        for stop in charging.stops {
            if let arrive = stop.arriveSoC { XCTAssertGreaterThanOrEqual(arrive, battery.reserveSoC) }
        }
        // The charge stops are stops of the trip, with their time as the stay and their mark.
        for charge in charging.charges {
            let stop = charging.after.waypoints[charge.position]
            XCTAssertEqual(stop.stayMinutes, charge.minutes)
            XCTAssertGreaterThan(charge.departSoC, charge.arriveSoC)
            XCTAssertLessThanOrEqual(charge.departSoC, battery.chargeToSoC)
            XCTAssertEqual(charge.kWh, Double(charge.departSoC - charge.arriveSoC) * 0.6, accuracy: 1e-9)
        }
        // The battery walk over the trip as it now stands agrees: no arrival below the reserve.
        let walk = BatteryWalk(trip: charging.after, itinerary: itinerary(charging.after), battery: battery, chargers: nil)
        for (index, arrive) in walk.arrive.enumerated() {
            if let arrive { XCTAssertGreaterThanOrEqual(arrive, Double(battery.reserveSoC) - 1, "stop \(index)") }
        }
    }

    /// With one charger early on, the day cannot be driven: the gap says where the reserve is reached, how far short
    /// of the day's end, and what would close it.
    func testAGapSaysWhereAndByHowMuchAndWhatWouldCloseIt() throws {
        let charging = plan(trip(), [charger(1, 0, 1.0, .type2Combo, 50)])
        XCTAssertFalse(charging.feasible)
        XCTAssertFalse(charging.changesTrip, "no plan, no stop")
        let gap = try XCTUnwrap(charging.gaps.first)
        XCTAssertEqual(gap.day, 1)
        // 54 kWh at the start, 0.18 kWh a km: charged to 80 % at km 100, the reserve is reached about 233 km on.
        XCTAssertEqual(gap.runsOutKm, 333, accuracy: 8)
        XCTAssertTrue(gap.toEnd)
        XCTAssertEqual(gap.shortKm, 600 - gap.runsOutKm, accuracy: 1e-9)
        XCTAssertEqual(gap.fromKm, 100, accuracy: 1)
        XCTAssertEqual(gap.afterStop, 1, "on the leg from E3")
        XCTAssertEqual(try XCTUnwrap(gap.coordinate).longitude, gap.runsOutKm / 100, accuracy: 0.05)
        XCTAssertTrue(gap.fixes.contains { $0.contains("at E3") }, "\(gap.fixes)")
        XCTAssertTrue(gap.fixes.contains { $0.contains("A charger you know before km") }, "\(gap.fixes)")
        // Without any charger, it is the start's charge that falls short, and a higher one is suggested.
        let none = plan(Trip(name: "Short", waypoints: Array(trip().waypoints.prefix(2))), [])
        let start = try XCTUnwrap(none.gaps.first)
        XCTAssertTrue(start.fixes.first?.hasPrefix("Start with at least") ?? false, "\(start.fixes)")
        XCTAssertTrue(start.toEnd)
    }

    /// Planning again replaces the earlier plan's stops rather than adding to them; one day alone leaves the
    /// others' as they are.
    func testPlanningAgainReplacesTheEarlierChargeStops() {
        let first = plan(trip(), corridor)
        let again = plan(first.after, corridor)
        XCTAssertEqual(again.after.waypoints.map(\.name), first.after.waypoints.map(\.name))
        XCTAssertEqual(again.charges.map(\.osmID), first.charges.map(\.osmID))
        XCTAssertFalse(again.changesTrip == false && again.after.waypoints.count != first.after.waypoints.count)
        let dayOnly = plan(first.after, corridor, day: 1)
        XCTAssertEqual(dayOnly.after.waypoints.map(\.name), first.after.waypoints.map(\.name))
    }

    /// One day alone whose start the walk finds below empty (the day before ran out): planned from empty, with the
    /// gap saying so, never a crash.
    func testADayAfterOneThatRanOutStartsEmpty() throws {
        var long = Trip(name: "Long", waypoints: [0.0, 6, 12].map { Waypoint(name: "L\(Int($0))", latitude: 0, longitude: $0) })
        long.waypoints[1].nights = 1
        let charging = plan(long, [], day: 2)
        let gap = try XCTUnwrap(charging.gaps.first)
        XCTAssertEqual(gap.day, 2)
        XCTAssertEqual(gap.runsOutKm, 0, accuracy: 1e-9)
        XCTAssertEqual(charging.stops.first { $0.position == 1 }?.departSoC, 0)
    }
}
