@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// Lines to read in a preview (the charging plan, the pacing) on a 40-column screen: a sentence wraps inside the box
/// and every word of it can be read, scrolling down to the last; a table's row (indented) is cut, its columns staying
/// under their titles.
final class PreviewLinesTests: XCTestCase {
    private let sentence = "EV: 60 kWh usable, 18 kWh/100 km at 90 km/h; leaving at 90 %, arriving at 10 % or more, "
        + "charging to 80 %."
    private let row = "  2  ⚡ Hazel Fast        24 %   56 %  17 min · +19 kWh · 150 kW CCS"

    func testASentenceWrapsAndATableRowIsCutAt40Columns() {
        let view = PreviewView(keys: ChargeKind.keys)
        view.show(PreviewViewModel(title: "Charge: EV", body: .lines([sentence, row] + Array(repeating: sentence, count: 8) + ["The end."])))
        let terminal = MemoryTerminal(rows: 12, columns: 40)
        let area = Rect(row: 0, column: 0, rows: 12, columns: 40)
        view.render(on: terminal, in: area)
        let screen = terminal.screenText.joined(separator: "\n")
        XCTAssertTrue(screen.contains("│ EV: 60 kWh usable, 18 kWh/100 km at"), screen)
        XCTAssertTrue(screen.contains("charging to 80 %."), "the sentence's end is on screen: \(screen)")
        XCTAssertTrue(screen.contains("2  ⚡ Hazel Fast        24 %"), screen)
        XCTAssertFalse(screen.contains("CCS"), "the row is cut, not wrapped: \(screen)")

        for _ in 0..<40 { _ = view.handle(.character("j")) }
        view.render(on: terminal, in: area)
        XCTAssertTrue(terminal.screenText.contains { $0.contains("The end.") }, "scrolls to the last line: "
                      + terminal.screenText.joined(separator: "\n"))
    }
}
