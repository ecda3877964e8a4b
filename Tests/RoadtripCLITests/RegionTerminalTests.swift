import Foundation
import RoadtripTestSupport
import XCTest

/// `roadtrip region add` on a terminal: each phase's line, osmium's progress bar and planetsplitter's counts
/// redrawn in place (a tall pane keeps them all on screen).
final class RegionTerminalTests: TmuxTestCase {
    override var paneSize: (columns: Int, rows: Int) { (100, 150) }

    func testPhasesAndProgressBarsShowOnATerminal() throws {
        _ = try FjordExtract.osmium()
        _ = try RoutingTools.routino("planetsplitter")
        try pane.type(line: "XDG_DATA_HOME='\(directory.path)/data' '\(BuiltProducts.url("roadtrip").path)' region add "
            + "'\(RoutingTools.helsinkiExtract.path)' --name helsinki; echo \"exit=$?\"")
        XCTAssertTrue(try pane.wait(timeout: 120) { $0.contains("exit=0") }, pane.dump)
        let screen = try pane.screen()
        let phase1 = try XCTUnwrap(screen.firstIndex { $0.hasPrefix("[1/5] Selecting places") }, pane.dump)
        // osmium's own bar, drawn in place and left at 100 %.
        XCTAssertTrue(screen[phase1 + 1].hasPrefix("[====") && screen[phase1 + 1].contains("100%"), pane.dump)
        XCTAssertTrue(screen.contains { $0.hasPrefix("[5/5] Building the roads (planetsplitter)") }, pane.dump)
        // planetsplitter on a terminal: no --loggable, its counts redrawn on one line per step.
        XCTAssertTrue(screen.contains("Sorted Nodes: Nodes=24260 Duplicates=0"), pane.dump)
        XCTAssertTrue(screen.contains { $0.hasPrefix("Built the region helsinki: places 1, points of interest 46") }, pane.dump)
    }
}
