import Foundation
import XCTest
@testable import RoadtripCore

/// The profile a trip's legs are routed for: the settings', a trip's own over them, and how it names its legs.
final class VehicleProfileTests: XCTestCase {
    private var settings: Settings {
        var settings = Settings()
        settings.vehicle = .car
        settings.topSpeedKmh = 130
        settings.consumptionPer100km = 6.5
        settings.tank = 50
        settings.heightM = 1.5
        settings.fuelPrice = 1.8
        settings.avoid = [.tolls]
        return settings
    }

    func testATripOfAnotherKindTakesNoneOfTheSettingsFiguresButThePrices() {
        var trip = Trip(name: "Rented")
        trip.vehicle = TripVehicle(kind: .campervan, heightM: 3)
        let applied = settings.applying(trip)
        XCTAssertEqual(applied.vehicle, .campervan)
        XCTAssertEqual(applied.heightM, 3)
        XCTAssertEqual(applied.topSpeedKmh, 0, "the car's top speed is not the campervan's")
        XCTAssertEqual(applied.consumptionPer100km, 0)
        XCTAssertEqual(applied.range, 0, "no tank, no range: not the car's 770 km")
        XCTAssertEqual(applied.fuelPrice, 1.8, "the price is the market's")
        XCTAssertEqual(applied.avoid, [.tolls], "the settings' avoids until the trip says")
    }

    func testATripOfTheSameKindOverridesFieldByField() {
        var trip = Trip(name: "Loaded")
        trip.vehicle = TripVehicle(kind: .car, heightM: 2.2)
        trip.avoid = []
        let applied = settings.applying(trip)
        XCTAssertEqual(applied.heightM, 2.2)
        XCTAssertEqual(applied.topSpeedKmh, 130)
        XCTAssertEqual(applied.range, 50 / 6.5 * 100, accuracy: 1e-9, "the tank over the consumption")
        XCTAssertEqual(applied.avoid, [], "an empty list avoids nothing, over the settings'")
        XCTAssertEqual(settings.applying(Trip(name: "Plain")), settings)
    }

    func testLegsOfDifferentProfilesAreCachedApart() {
        XCTAssertEqual(RouteProfile.standard.identity, "", "legs cached before profiles stay valid")
        let ferries = RouteProfile(avoid: [.ferries]), both = RouteProfile(avoid: [.tolls, .ferries])
        let identities = [RouteProfile.standard, ferries, both, RouteProfile(vehicle: .campervan),
                          RouteProfile(heightM: 3), RouteProfile(topSpeedKmh: 90)].map(\.identity)
        XCTAssertEqual(Set(identities).count, identities.count, "\(identities)")
        XCTAssertEqual(both.identity, " profile=car avoid=ferries,tolls", "sorted, so an order never splits the cache")
        let routino = RoutinoEngine(databaseDirectory: URL(fileURLWithPath: "/r"), route: both)
        XCTAssertEqual(routino.identity, "routino /r motorcar profile=car avoid=ferries,tolls")
        XCTAssertNotEqual(EstimateEngine(settings).identity, EstimateEngine(Settings()).identity)
    }

    func testAvoidListsAndBadOnes() {
        XCTAssertEqual(Avoid.list(" Tolls ,ferries,tolls"), [.ferries, .tolls])
        XCTAssertEqual(Avoid.list(""), [])
        XCTAssertNil(Avoid.list("ferries,bridges"))
        var settings = Settings()
        XCTAssertNoThrow(try SettingKey.avoid.apply("none", to: &settings))
        XCTAssertEqual(settings.avoid, [])
        XCTAssertThrowsError(try SettingKey.avoid.apply("ferry", to: &settings))
        let file = SettingsFile.contents(of: try! TOMLReader.read(Array("avoid = [\"unpaved\", \"motorways\"]\n".utf8)),
                                         fileName: "config.toml")
        XCTAssertEqual(file.settings.avoid, [.motorways, .unpaved])
        XCTAssertTrue(file.problems.isEmpty, "\(file.problems)")
        let bad = SettingsFile.contents(of: try! TOMLReader.read(Array("avoid = [\"ferries\", 3]\nunits = [\"km\"]\n".utf8)),
                                        fileName: "config.toml")
        XCTAssertEqual(bad.settings.avoid, [], "a list of anything but names is refused")
        XCTAssertEqual(bad.problems.count, 2, "and so is a list for a key that takes one word: \(bad.problems)")
    }

    func testATripsVehicleFromTheFileIsHeldToTheSettingsBounds() {
        XCTAssertNotNil(TripVehicle(json: .object(["kind": .string("ev"), "tank": .number("77")])))
        XCTAssertNil(TripVehicle(json: .object(["kind": .string("tractor")])))
        XCTAssertNil(TripVehicle(json: .object(["heightM": .number("40")])))
        XCTAssertNil(TripVehicle(json: .object(["heightM": .string("3")])))
        XCTAssertNil(TripVehicle(json: .object(["colour": .string("red")])), "an unknown member is not a vehicle of ours")
        XCTAssertThrowsError(try TripVehicle(heightM: .nan).check())
        var trip = Trip(name: "Bad")
        trip.vehicle = TripVehicle(weightT: 100)
        XCTAssertThrowsError(try trip.validated())
    }
}
