import Foundation
import XCTest
@testable import RoadtripCore

/// Clocks and arrivals hold their zone as a plain pointer to an interned instance: equal zones must be one
/// instance (or two clocks of one zone would read as different zones), and the itinerary's arrays must stay
/// plain bytes (what the interning is for: a reorder copies them).
final class InternedZoneTests: XCTestCase {
    func testEqualZonesAreOneInstanceAndOthersAreNot() throws {
        let oslo = InternedZone.of(try XCTUnwrap(TimeZone(identifier: "Europe/Oslo")))
        XCTAssertTrue(oslo === InternedZone.of(try XCTUnwrap(TimeZone(identifier: "Europe/Oslo"))))
        XCTAssertFalse(oslo === InternedZone.of(try XCTUnwrap(TimeZone(identifier: "Europe/Berlin"))))
        XCTAssertFalse(oslo === InternedZone.of(try XCTUnwrap(TimeZone(secondsFromGMT: 3600))))
        let clock = ZoneClock(try XCTUnwrap(TimeZone(identifier: "Asia/Kathmandu")), dated: true)
        XCTAssertEqual(clock, ZoneClock(try XCTUnwrap(TimeZone(identifier: "Asia/Kathmandu")), dated: true))
        XCTAssertEqual(clock.timeZone.identifier, "Asia/Kathmandu")
    }

    func testTheClocksArraysAreBytes() {
        XCTAssertTrue(_isPOD(ZoneClock.self))
        XCTAssertTrue(_isPOD(Itinerary.Arrival.self))
        XCTAssertTrue(_isPOD(Itinerary.Clock.Carried.self))
    }

    /// Zones made on many threads at once are still one instance each.
    func testZonesInternedAtOnceFromManyThreadsAreOneInstance() throws {
        let names = ["America/Chicago", "America/Denver", "Europe/Oslo", "Asia/Kathmandu", "Pacific/Chatham"]
        let found = Mutexed<[String: Set<ObjectIdentifier>]>([:])
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let name = names[index % names.count]
            let zone = InternedZone.of(TimeZone(identifier: name)!)
            found.update { $0[name, default: []].insert(ObjectIdentifier(zone)) }
        }
        for name in names { XCTAssertEqual(found.value[name]?.count, 1, name) }
    }
}

/// A value behind a lock, for the threads above.
private final class Mutexed<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.lock(); defer { lock.unlock() }; return stored }
    func update(_ body: (inout Value) -> Void) { lock.lock(); defer { lock.unlock() }; body(&stored) }
}
