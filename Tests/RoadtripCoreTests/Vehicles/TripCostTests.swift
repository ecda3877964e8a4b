import Foundation
import XCTest
@testable import RoadtripCore

/// The cost of a three-day trip against figures worked out by hand: fuel at two speeds, nights at the settings' rate
/// and at a stop's own, a priced toll and an unpriced one, a stop's own cost, the split.
final class TripCostTests: XCTestCase {
    private func trip() -> Trip {
        var b = Waypoint(name: "B", latitude: 48, longitude: 11, nights: 1)
        b.otherCost = 25
        var c = Waypoint(name: "C", latitude: 47, longitude: 12, nights: 1)
        c.cost = 90
        return Trip(name: "Three days", startDate: CalendarDate("2027-06-01"), waypoints: [
            Waypoint(name: "A", latitude: 49, longitude: 10), b, c, Waypoint(name: "D", latitude: 46, longitude: 13),
        ])
    }

    private func settings() -> Settings {
        var settings = Settings()
        settings.consumptionPer100km = 7
        settings.consumptionAt120Per100km = 9
        settings.fuelPrice = 2
        settings.lodgingPerNight = 120
        settings.travellers = 2
        settings.dailyLimitHours = 10
        return settings
    }

    /// 180 km at 90 km/h, 240 km at 120 km/h with 50 tolled km at 14.20, 105 km at 105 km/h with 20 tolled km unpriced.
    private func legs() -> [Itinerary.Leg] {
        var second = RoutedLeg(distanceKm: 240, durationSeconds: 2 * 3600, source: .routino)
        (second.tollKm, second.tollPrice, second.tollCurrency) = (50, 14.2, "EUR")
        var third = RoutedLeg(distanceKm: 105, durationSeconds: 3600, source: .routino)
        third.tollKm = 20
        var first = RoutedLeg(distanceKm: 180, durationSeconds: 2 * 3600, source: .routino)
        first.tollKm = 0
        return [.init(from: 0, first), .init(from: 1, second), .init(from: 2, third)]
    }

    func testThreeDaysAgainstHandWorkedFigures() throws {
        let trip = trip(), settings = settings()
        let itinerary = Itinerary(trip: trip, legs: legs(), settings: settings)
        XCTAssertEqual(itinerary.days.count, 3)
        let cost = TripCost(itinerary: itinerary, trip: trip, settings: settings)
        // Day 1: 180 km × 7 l/100 km × 2 = 25.20 fuel; the night at B at the settings' 120; B's own 25.
        XCTAssertEqual(cost.days[0].fuel!, 25.2, accuracy: 1e-9)
        XCTAssertEqual(cost.days[0].lodging, 120)
        XCTAssertEqual(cost.days[0].other, 25)
        XCTAssertNil(cost.days[0].tolls, "no tolled km that day")
        // Day 2: 240 km at 120 km/h, 9 l/100 km: 21.6 l, 43.20; the toll 14.20; the night at C at its own 90.
        XCTAssertEqual(cost.days[1].fuel!, 43.2, accuracy: 1e-9)
        XCTAssertEqual(cost.days[1].tolls, 14.2)
        XCTAssertEqual(cost.days[1].lodging, 90)
        XCTAssertEqual(cost.days[1].total!, 147.4, accuracy: 1e-9)
        // Day 3: 105 km at 105 km/h, 8 l/100 km halfway: 8.4 l, 16.80; a tolled stretch without a price; no night.
        XCTAssertEqual(cost.days[2].fuel!, 16.8, accuracy: 1e-9)
        XCTAssertNil(cost.days[2].tolls)
        XCTAssertTrue(cost.days[2].tollsUnknown)
        XCTAssertNil(cost.days[2].lodging, "the last day has no night")
        // The trip: 85.20 + 210 + 14.20 + 25 = 334.40, 167.20 each.
        XCTAssertEqual(cost.fuel!, 85.2, accuracy: 1e-9)
        XCTAssertEqual(cost.fuelAmount!, 42.6, accuracy: 1e-9)
        XCTAssertEqual(cost.lodging, 210)
        XCTAssertEqual(cost.nights, 2)
        XCTAssertEqual(cost.tolls, 14.2)
        XCTAssertTrue(cost.tollsUnknown)
        XCTAssertEqual(cost.tolledKm, 70)
        XCTAssertEqual(cost.total!, 334.4, accuracy: 1e-9)
        XCTAssertEqual(cost.perTraveller!, 167.2, accuracy: 1e-9)
        XCTAssertEqual(CostText.summary(cost),
                       "€334 (fuel €85.20 · lodging €210 · tolls €14.20 + unpriced tolls · other €25) · €167 each")
        XCTAssertEqual(CostText.day(cost.days[2], "EUR"), "€16.80 + tolls ?")

        var francs = settings
        francs.currency = "CHF"
        let inFrancs = TripCost(itinerary: itinerary, trip: trip, settings: francs)
        XCTAssertNil(inFrancs.tolls, "a toll priced in euros is not added to francs")
        XCTAssertTrue(inFrancs.days[1].tollsUnknown)
        var symbol = settings
        symbol.currency = "€"
        XCTAssertEqual(TripCost(itinerary: itinerary, trip: trip, settings: symbol).tolls, 14.2, "€ is EUR")
    }

    func testNothingKnownIsNilNeverZero() {
        let trip = trip()
        let itinerary = Itinerary(trip: trip, legs: legs(), settings: Settings())
        let cost = TripCost(itinerary: itinerary, trip: trip, settings: Settings())
        XCTAssertNil(cost.fuel, "no consumption, no fuel cost")
        XCTAssertNil(cost.fuelAmount)
        XCTAssertEqual(cost.lodging, 90, "C's own cost counts without a nightly budget")
        XCTAssertEqual(cost.other, 25)
        var priced = settings()
        priced.fuelPrice = 0
        XCTAssertNil(TripCost(itinerary: itinerary, trip: trip, settings: priced).fuel, "no price, no fuel cost")
        XCTAssertNotNil(TripCost(itinerary: itinerary, trip: trip, settings: priced).fuelAmount, "but the litres are known")
    }

    func testAFerryIsNotDrivenAndAnEVPaysForEnergy() throws {
        var settings = Settings()
        settings.vehicle = .ev
        settings.consumptionPer100km = 18
        settings.energyPrice = 0.5
        settings.fuelPrice = 2
        let stops = [Waypoint(name: "A", latitude: 60, longitude: 25), Waypoint(name: "B", latitude: 59, longitude: 24.7)]
        let trip = Trip(name: "Ferry", waypoints: stops)
        // 100 km of which 80 by ferry in 3 h; the 20 km on land in 15 minutes (80 km/h).
        let leg = RoutedLeg(distanceKm: 100, durationSeconds: 3.25 * 3600, source: .routino, ferryKm: 80, ferrySeconds: 3 * 3600)
        let itinerary = Itinerary(trip: trip, legs: [.init(from: 0, leg)], settings: settings)
        let cost = TripCost(itinerary: itinerary, trip: trip, settings: settings)
        XCTAssertTrue(cost.electric)
        XCTAssertEqual(cost.fuelAmount!, 3.6, accuracy: 1e-9, "20 km × 18 kWh/100 km")
        XCTAssertEqual(cost.fuel!, 1.8, accuracy: 1e-9, "at the energy price, not the fuel price")
        XCTAssertEqual(CostText.summary(cost), "€1.80")
    }

    func testConsumptionBetweenAndBeyondItsTwoSpeeds() {
        var settings = Settings()
        settings.consumptionPer100km = 6
        settings.consumptionAt120Per100km = 7.5
        let model = FuelConsumption(settings)
        XCTAssertEqual(model.per100km(at: 50), 6, "no less below 90")
        XCTAssertEqual(model.per100km(at: 100), 6.5, accuracy: 1e-12)
        XCTAssertEqual(model.per100km(at: 120), 7.5, accuracy: 1e-12)
        XCTAssertEqual(model.per100km(at: 130), 8, accuracy: 1e-12, "on beyond 120")
        XCTAssertEqual(model.per100km(at: .infinity), 6, "a figure that is not a speed is not extrapolated")
        settings.consumptionAt120Per100km = 0
        XCTAssertEqual(FuelConsumption(settings).per100km(at: 130), 6, "without the second figure, one figure")
    }

    func testMoneyIsWrittenAsPeopleReadIt() {
        XCTAssertEqual(CostText.amount(412.4, "EUR"), "€412")
        XCTAssertEqual(CostText.amount(12.5, "EUR"), "€12.50")
        XCTAssertEqual(CostText.amount(25, "EUR"), "€25")
        XCTAssertEqual(CostText.amount(1240, "SEK"), "1,240 SEK")
        XCTAssertEqual(CostText.amount(1_234_567.8, "USD"), "$1,234,568")
        XCTAssertEqual(CostText.amount(45.5, "JPY"), "¥46", "no minor unit in use")
        XCTAssertEqual(CostText.amount(9.99, "kr"), "9.99 kr")
        XCTAssertEqual(CostText.amount(9.99, "₺"), "₺9.99", "a symbol goes first")
        XCTAssertEqual(CostText.amount(0.004, "GBP"), "£0", "a hair of a penny is nothing")
    }
}
