import Foundation
@testable import RoadtripApp
import XCTest

/// The stop columns are as wide as their widest cell over all the rows: the widest name, leg and arrival each in a
/// row of its own, and the arrival without its clock change as narrow as the widest one alone, not the last row's.
final class StopColumnsTests: XCTestCase {
    private func row(_ number: Int, name: String = "Oslo", leg: String = "", arrival: String,
                     shift: String = "") -> TripDetailViewModel.Row {
        .init(id: UUID(), number: String(number), name: name, place: "", leg: leg, nights: "", arrival: arrival,
              shift: shift, zone: "", hasNotes: false, pinned: false, legFellBack: false)
    }

    func testEachColumnIsAsWideAsItsWidestCellInAnyRow() {
        let rows = [
            row(1, name: "Santa Monica", arrival: "Day 1"),
            row(2, leg: "≈412 km · 4 h 35", arrival: "Sun 13 Jun 2027 14:35", shift: "−1 h"),
            row(3, arrival: "Day 3 09:00"),
        ]
        let columns = TripDetailView.stopColumns(rows, dated: false)
        XCTAssertEqual(columns.count, TripDetailView.StopColumn.allCases.count)
        // #, STOP, REGION, LEG, NIGHTS, ARRIVES (with the clock change), ZONE, the after-dark mark (undated: none).
        XCTAssertEqual(columns.map(\.content), [1, 12, 0, 16, 0, 26, 0, 0])
        XCTAssertEqual(columns[TripDetailView.StopColumn.arrives.rawValue].shortest, 21)
    }
}
