import XCTest
@testable import RoadtripCore

final class ClockTextTests: XCTestCase {
    func testZonesShiftsAndISOTimes() {
        XCTAssertEqual([-21_600, 20_700, 0, 46_800, -34_200].map { ClockText.zone(offset: $0) },
                       ["UTC−6", "UTC+5:45", "UTC", "UTC+13", "UTC−9:30"])
        XCTAssertEqual([3600, -3600, 1800, 20_700, -86_400, 0].map { ClockText.shift($0) },
                       ["+1 h", "−1 h", "+30 min", "+5 h 45", "−24 h", nil])
        let kathmandu = ZoneClock(TimeZone(identifier: "Asia/Kathmandu")!, dated: true)
        let time = kathmandu.local(ISO8601DateFormatter().date(from: "2027-06-14T08:50:29Z")!)
        XCTAssertEqual(time.iso8601, "2027-06-14T14:35:00+05:45", "to the nearest minute")
        XCTAssertEqual(ClockText.time(time, zone: true), "14:35 UTC+5:45")
        let undated = ZoneClock(TimeZone(identifier: "America/Denver")!, dated: false)
        XCTAssertNil(undated.local(Date()).iso8601, "no date, no ISO instant")
    }
}
