import XCTest
@testable import RoadtripCore
import RoadtripTestSupport

final class OrderKeyTests: XCTestCase {
    func testCanonicalKeysIncreaseAndAreKnownWithoutBeingMade() {
        var previous: OrderKey?
        for index in Array(0..<4000) + Array(stride(from: 4000, to: 300_000, by: 997)) {
            let key = OrderKey.canonical(index)
            XCTAssertTrue(key.isCanonical(at: index), "\(index): \(key)")
            XCTAssertFalse(key.isCanonical(at: index + 1))
            XCTAssertNotEqual(key.text.last, "0")
            if let previous { XCTAssertLessThan(previous, key, "\(index)") }
            previous = key
        }
        XCTAssertEqual(OrderKey.canonical(0).text, "a1")
        XCTAssertEqual(OrderKey.canonical(60).text, "az")
        XCTAssertEqual(OrderKey.canonical(61).text, "b11")
        XCTAssertEqual(OrderKey.between(OrderKey.canonical(60), nil), OrderKey.canonical(61), "an append stays canonical")
        XCTAssertEqual(OrderKey.between(nil, nil), OrderKey.canonical(0))
        XCTAssertFalse(OrderKey("a5V")!.isCanonical(at: 4))
    }

    func testAKeyBetweenTwoIsStrictlyBetweenAndStaysShort() {
        var rng = SeededGenerator(seed: 36)
        var keys = [OrderKey.canonical(0), OrderKey.canonical(1)]
        for _ in 0..<5_000 {
            let at = Int.random(in: 0...keys.count, using: &rng)
            let low = at > 0 ? keys[at - 1] : nil, high = at < keys.count ? keys[at] : nil
            let key = OrderKey.between(low, high)
            if let low { XCTAssertLessThan(low, key) }
            if let high { XCTAssertLessThan(key, high) }
            XCTAssertNotNil(OrderKey(key.text), "a key a file can hold: \(key)")
            keys.insert(key, at: at)
        }
        XCTAssertLessThan(keys.map(\.text.count).max() ?? 0, 40, "random inserts grow keys slowly")
        // Inserting again and again at one place adds about a digit each time, never more.
        var low = OrderKey.canonical(3), high = OrderKey.canonical(4)
        for _ in 0..<30 {
            let key = OrderKey.between(low, high)
            XCTAssertTrue(low < key && key < high)
            high = key
        }
        XCTAssertLessThanOrEqual(high.text.count, 33)
        low = high
    }

    func testKeysFromFilesAreChecked() {
        for bad in ["", "a0", "a-1", "é", String(repeating: "a", count: 201), "a 1"] { XCTAssertNil(OrderKey(bad), bad) }
        XCTAssertNotNil(OrderKey("zzV"))
    }
}

final class EditStampTests: XCTestCase {
    func testTheTextFormRoundTripsAndOrdersLikeTheStamps() {
        let stamp = EditStamp(millis: 1_811_412_900_123, counter: 4, device: DeviceID(0x3f9a2b1c))
        XCTAssertEqual(stamp.description, "2027-05-27T10:15:00.123Z 4 3f9a2b1c")
        XCTAssertEqual(EditStamp(stamp.description), stamp)
        for bad in ["", "2027-05-27T10:15:00.123Z 4", "2027-05-27T10:15:00Z 4 3f9a2b1c", "2027-05-27T10:15:00.123Z 04 3f9a2b1c",
                    "2027-05-27T10:15:00.123Z 4 3F9A2B1C", "2027-13-27T10:15:00.123Z 4 3f9a2b1c", "2027-05-27T10:15:00.123Z 4 00000000"] {
            XCTAssertNil(EditStamp(bad), bad)
        }
        XCTAssertLessThan(EditStamp(millis: 5, counter: 9, device: DeviceID(9)), EditStamp(millis: 6, counter: 0, device: DeviceID(1)))
        XCTAssertLessThan(EditStamp(millis: 5, counter: 1, device: DeviceID(9)), EditStamp(millis: 5, counter: 2, device: DeviceID(1)))
        XCTAssertLessThan(EditStamp(millis: 5, counter: 1, device: DeviceID(1)), EditStamp(millis: 5, counter: 1, device: DeviceID(2)))
    }

    func testTheClockNeverGoesBackAndPassesWhatItSaw() {
        let wall = HandClock()
        var clock = EditClock(device: DeviceID(7), now: { wall.millis })
        let first = clock.next()
        wall.millis -= 60_000  // the wall clock put back a minute
        let second = clock.next()
        XCTAssertLessThan(first, second)
        XCTAssertEqual(second.millis, first.millis, "holds the time, counts on")
        let ahead = EditStamp(millis: wall.millis + 3_600_000, counter: 2, device: DeviceID(9))
        clock.see(ahead)
        XCTAssertLessThan(ahead, clock.next(), "an edit after seeing another's is stamped after it, a fast clock or not")
    }
}
