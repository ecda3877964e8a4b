import XCTest
@testable import RoadtripCore

/// The battery model against published figures: a car set up as its owner would (its battery, its rated consumption
/// from the socket as `consumption_per_100km`) has the model's range at the rated speed within 5 % of the range the
/// EPA states for it. The EPA's consumption is measured at the wall, its range on the battery: the model's
/// charging losses (`EVBattery.chargingEfficiency`) are what brings the two together.
final class ConsumptionAgainstPublishedTests: XCTestCase {
    private struct Car {
        let name: String
        let batteryKWh: Double
        /// EPA combined, kWh per 100 miles (at the wall).
        let kWhPer100Miles: Double
        /// EPA combined range, miles.
        let rangeMiles: Double
    }

    // Sources: the EPA's figures as fueleconomy.gov lists them (combined kWh/100 mi, range) and each maker's
    // battery capacity at launch.
    private let cars = [
        // 2017 Chevrolet Bolt EV: 28 kWh/100 mi, 238 mi; GM: 60 kWh.
        Car(name: "Chevrolet Bolt EV 2017", batteryKWh: 60, kWhPer100Miles: 28, rangeMiles: 238),
        // 2019 Hyundai Kona Electric: 28 kWh/100 mi, 258 mi; Hyundai: 64 kWh.
        Car(name: "Hyundai Kona Electric 2019", batteryKWh: 64, kWhPer100Miles: 28, rangeMiles: 258),
        // 2018 Nissan Leaf: 30 kWh/100 mi, 151 mi; Nissan: 40 kWh.
        Car(name: "Nissan Leaf 2018", batteryKWh: 40, kWhPer100Miles: 30, rangeMiles: 151),
    ]

    private static let kmPerMile = 1.609344

    func testTheModelsRangeIsWithinFivePercentOfTheEPAs() throws {
        for car in cars {
            var settings = Settings()
            settings.vehicle = .ev
            settings.batteryKWh = car.batteryKWh
            settings.consumptionPer100km = car.kWhPer100Miles / Self.kmPerMile
            let battery = try EVBattery(settings: settings)
            let range = battery.rangeKm(at: 90)
            let published = car.rangeMiles * Self.kmPerMile
            XCTAssertEqual(range, published, accuracy: published * 0.05, "\(car.name): \(Int(range)) km, EPA \(Int(published)) km")
        }
    }

    /// Faster costs range: with a consumption at 120 km/h given, the range there is the battery over it.
    func testAHigherSpeedUsesMore() throws {
        var settings = Settings()
        settings.vehicle = .ev
        settings.batteryKWh = 60
        settings.consumptionPer100km = 18
        settings.consumptionAt120Per100km = 24
        let battery = try EVBattery(settings: settings)
        XCTAssertEqual(battery.rangeKm(at: 120), 60 / (0.24 * EVBattery.chargingEfficiency), accuracy: 1e-9)
        XCTAssertLessThan(battery.rangeKm(at: 120), battery.rangeKm(at: 90))
    }
}
