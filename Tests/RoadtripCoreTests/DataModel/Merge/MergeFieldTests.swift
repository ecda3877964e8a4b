import Foundation
import XCTest
@testable import RoadtripCore

/// Every field a user edits is a merge field (`MergeFields`): a stop's or trip's stored field added without one
/// would be merged by nothing, and fails here.
final class MergeFieldTests: XCTestCase {
    func testEveryStopFieldIsMergedAndItsValueComesBack() {
        let stop = EntityFieldsRoundTripTests.stop
        let changes: [String: (inout Waypoint) -> Void] = [
            "name": { $0.name = "Other" }, "latitude": { $0.latitude = 1 }, "longitude": { $0.longitude = 1 },
            "placeId": { $0.placeId = nil }, "region": { $0.region = nil }, "countryCode": { $0.countryCode = nil },
            "nights": { $0.nights = 0 }, "notes": { $0.notes = "" }, "timeZone": { $0.timeZone = nil },
            "stayMinutes": { $0.stayMinutes = 0 }, "pinned": { $0.pinned.toggle() },
            "unknownFields": { $0.unknownFields = UnknownFields() }, "cost": { $0.cost = nil },
            "otherCost": { $0.otherCost = 3 }, "charge": { $0.charge?.kWh = 40 },
        ]
        let stored = Set(EntityFieldsRoundTripTests.fields(of: stop).map(\.label)).subtracting(["id"])
        XCTAssertEqual(Set(changes.keys), stored, "a stop field without a merge field")
        check(stop, MergeFields.stop, changes)
    }

    func testEveryTripFieldAUserEditsIsMerged() {
        let trip = EntityFieldsRoundTripTests.trip
        let changes: [String: (inout Trip) -> Void] = [
            "name": { $0.name = "Other" }, "startDate": { $0.startDate = nil }, "notes": { $0.notes = "" },
            "unknownFields": { $0.unknownFields = UnknownFields() }, "vehicle": { $0.vehicle?.heightM = 2.5 },
            "avoid": { $0.avoid = nil },
        ]
        // Not merged by stamp: the id and creation never change, `updatedAt` takes the later, the stops are merged
        // one by one, the conflicts as a register's values, and the revision is not data.
        let apart: Set<String> = ["id", "createdAt", "updatedAt", "waypoints", "conflicts", "revision"]
        let stored = Set(Mirror(reflecting: trip).children.compactMap(\.label)).subtracting(apart)
        XCTAssertEqual(Set(changes.keys), stored, "a trip field without a merge field")
        check(trip, MergeFields.trip, changes)
    }

    /// Each change is seen by exactly one merge field, whose JSON value sets the field back (a clash taken back).
    private func check<Entity: Equatable>(_ sample: Entity, _ fields: [MergeField<Entity>],
                                          _ changes: [String: (inout Entity) -> Void]) {
        for (label, change) in changes {
            var changed = sample
            change(&changed)
            let differing = fields.filter { !$0.same(sample, changed) }
            XCTAssertEqual(differing.count, 1, label)
            guard let field = differing.first else { continue }
            var back = changed
            XCTAssertTrue(field.set(&back, field.value(sample)), label)
            XCTAssertEqual(back, sample, label)
        }
    }
}
