import XCTest
@testable import RoadtripCore

/// Each key's rule, shared by the file, `roadtrip config set` and the Settings screen.
final class SettingKeyTests: XCTestCase {
    func testTheFileNamesAreTheContract() {
        XCTAssertEqual(SettingKey.allCases.map(\.rawValue), [
            "units", "router", "osrm_url", "routino_dir", "speed_kmh", "detour", "daily_limit_hours", "departure",
        ])
    }

    func testDefaultsAsText() {
        XCTAssertEqual(SettingKey.allCases.map(\.defaultText), [
            "km", "estimate", "http://127.0.0.1:5000", "$XDG_DATA_HOME/roadtrip/routino", "80", "1.3", "8", "09:00",
        ])
    }

    func testNumbersArePlainDecimalsInTheirRange() {
        for good in ["10", "200", "80", "99.5", " 90 ", "010"] {
            XCTAssertNotNil(applied(.speedKmh, good), good)
        }
        for bad in ["9.99", "200.01", "1e2", "0x50", "nan", "inf", "-50", "+50", "50.", ".5", "", "fast", "5,0"] {
            XCTAssertNil(applied(.speedKmh, bad), bad)
        }
        XCTAssertEqual(applied(.detour, "1.25")?.detour, 1.25)
        XCTAssertNil(applied(.detour, "3.5"))
        XCTAssertEqual(applied(.dailyLimitHours, "24")?.dailyLimitHours, 24)
        XCTAssertNil(applied(.dailyLimitHours, "0.5"))
    }

    func testDepartureIsAClockTime() {
        XCTAssertEqual(applied(.departure, "07:30")?.departureMinutes, 450)
        XCTAssertEqual(applied(.departure, "7:30")?.departureMinutes, 450)
        XCTAssertEqual(applied(.departure, "23:59")?.departureMinutes, 1439)
        XCTAssertEqual(applied(.departure, "00:00")?.departureMinutes, 0)
        for bad in ["24:00", "09:60", "0930", "9:5", "09:00:00", "-1:00", "9h30", ""] {
            XCTAssertNil(applied(.departure, bad), bad)
        }
        var settings = Settings()
        settings.departureMinutes = 7 * 60 + 5
        XCTAssertEqual(SettingKey.departure.text(in: settings), "07:05")
    }

    func testOSRMURLIsHTTPWithAHost() {
        XCTAssertEqual(applied(.osrmURL, "https://osrm.example.org/")?.osrmURL, "https://osrm.example.org")
        XCTAssertEqual(applied(.osrmURL, "http://127.0.0.1:5001")?.osrmURL, "http://127.0.0.1:5001")
        XCTAssertEqual(applied(.osrmURL, "http://proxy/osrm")?.osrmURL, "http://proxy/osrm")
        for bad in ["ftp://host", "http://", "127.0.0.1:5000", "http://h/?q=1", "http://h/#x", "http://h\u{1B}[2J", "http://a b"] {
            XCTAssertNil(applied(.osrmURL, bad), bad)
        }
    }

    func testRoutinoDirectoryIsAnAbsolutePath() {
        XCTAssertEqual(applied(.routinoDirectory, "/srv/routino")?.routinoDirectory, "/srv/routino")
        for bad in ["routino", "~/routino", "", "/tmp/\u{7}"] {
            XCTAssertNil(applied(.routinoDirectory, bad), bad)
        }
    }

    func testNamesAreExact() {
        XCTAssertEqual(applied(.units, "mi")?.units, .mi)
        XCTAssertEqual(applied(.router, "routino")?.router, .routino)
        for bad in ["MI", "miles", ""] { XCTAssertNil(applied(.units, bad), bad) }
        XCTAssertNil(applied(.router, "google"))
    }

    func testTheErrorNamesTheKeyAndTheRule() {
        var settings = Settings()
        XCTAssertThrowsError(try SettingKey.speedKmh.apply("500", to: &settings)) {
            XCTAssertEqual("\($0)", "speed_kmh must be a number from 10 to 200")
        }
        XCTAssertEqual(settings, Settings(), "a refused value changes nothing")
        XCTAssertEqual("\(SettingsError.invalidValue(.units))", "units must be km or mi")
        XCTAssertEqual("\(SettingsError.invalidValue(.departure))", "departure must be a time HH:MM from 00:00 to 23:59")
    }

    private func applied(_ key: SettingKey, _ text: String) -> Settings? {
        var settings = Settings()
        return (try? key.apply(text, to: &settings)).map { settings }
    }
}
