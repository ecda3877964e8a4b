import Foundation
import RoadtripCore
import XCTest

/// Named places and days whose answer is known without an ephemeris: the polar seasons, white nights, a zone a day
/// ahead of the sun, and a summer-time evening read in its own zone.
final class SolarEventsTests: XCTestCase {
    private func daylight(_ latitude: Double, _ longitude: Double, _ date: String, _ zone: String) -> Daylight {
        SolarEvents.daylight(on: CalendarDate(date)!, latitude: latitude, longitude: longitude,
                             timeZone: TimeZone(identifier: zone)!)
    }

    private func clock(_ instant: Date, _ zone: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)!
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: instant)
    }

    func testTromsoHasMidnightSunAtMidsummerAndPolarNightAtMidwinter() {
        XCTAssertEqual(daylight(69.65, 18.96, "2027-06-21", "Europe/Oslo"), .midnightSun)
        XCTAssertEqual(daylight(69.65, 18.96, "2027-12-21", "Europe/Oslo"), .polarNight)
        XCTAssertEqual(daylight(-69.65, 18.96, "2027-06-21", "Antarctica/Troll"), .polarNight)
    }

    func testAWhiteNightHasASunsetButNoCivilDusk() {
        // Arkhangelsk at midsummer: the sun sets but stays within 3° of the horizon all night.
        guard case let .day(_, _, dusk) = daylight(64.54, 40.54, "2027-06-21", "Europe/Moscow") else {
            return XCTFail("Arkhangelsk has a sunset at midsummer")
        }
        XCTAssertNil(dusk)
        guard case let .day(_, _, londonDusk) = daylight(51.51, -0.13, "2027-06-21", "Europe/London") else {
            return XCTFail("London has a sunset")
        }
        XCTAssertNotNil(londonDusk)
    }

    func testLondonsMidsummerSunsetIsReadInSummerTime() {
        guard case let .day(sunrise, sunset, dusk?) = daylight(51.51, -0.13, "2027-06-21", "Europe/London") else {
            return XCTFail("London has a day and a dusk at midsummer")
        }
        // Almanac figures for London: rises 04:43, sets 21:21, civil twilight ends 22:09 (BST; USNO).
        XCTAssertEqual(clock(sunrise, "Europe/London"), "2027-06-21 04:43")
        XCTAssertEqual(clock(sunset, "Europe/London"), "2027-06-21 21:21")
        XCTAssertEqual(clock(dusk, "Europe/London"), "2027-06-21 22:09")
    }

    func testAZoneADayAheadOfTheSunGetsTheEventsOfItsOwnDate() {
        // Kiritimati keeps UTC+14 at 157° W: its noon is the sun's noon of what is the day before in UTC.
        for zone in ["Pacific/Kiritimati", "Pacific/Apia"] {
            let (latitude, longitude) = zone == "Pacific/Apia" ? (-13.83, -171.76) : (1.87, -157.43)
            guard case let .day(sunrise, sunset, _) = daylight(latitude, longitude, "2027-03-10", zone) else {
                return XCTFail("\(zone) has a day")
            }
            XCTAssertTrue(clock(sunrise, zone).hasPrefix("2027-03-10 0"), "\(zone) sunrise \(clock(sunrise, zone))")
            XCTAssertTrue(clock(sunset, zone).hasPrefix("2027-03-10 1"), "\(zone) sunset \(clock(sunset, zone))")
        }
    }

    func testAPlaceOnTheEquatorHasTwelveHoursOfDaylightAllYear() {
        for date in ["2027-03-20", "2027-06-21", "2027-12-21"] {
            guard case let .day(sunrise, sunset, _) = daylight(0, 30, date, "Africa/Kampala") else {
                return XCTFail("the equator has days")
            }
            // Twelve hours plus the few minutes refraction and the sun's radius add.
            XCTAssertEqual(sunset.timeIntervalSince(sunrise) / 60, 727, accuracy: 4, date)
        }
    }
}
