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
        let selecting = try XCTUnwrap(screen.firstIndex { $0.hasPrefix("[2/6] Selecting places") }, pane.dump)
        // osmium's own bar, drawn in place and left at 100 %.
        XCTAssertTrue(screen[selecting + 1].hasPrefix("[====") && screen[selecting + 1].contains("100%"), pane.dump)
        XCTAssertTrue(screen.contains { $0.hasPrefix("[6/6] Building the roads (planetsplitter)") }, pane.dump)
        // planetsplitter on a terminal: no --loggable, its counts redrawn on one line per step.
        XCTAssertTrue(screen.contains("Sorted Nodes: Nodes=24260 Duplicates=0"), pane.dump)
        XCTAssertTrue(screen.contains { $0.hasPrefix("Built the region helsinki: places 1, points of interest 46") }, pane.dump)
    }

    /// Closing the terminal (SIGHUP to roadtrip and its child) while planetsplitter works on the grid extract (for
    /// seconds): the child is gone, and so is the build's folder (issue 31, item 6).
    func testClosingTheTerminalStopsTheBuild() throws {
        _ = try FjordExtract.osmium()
        _ = try RoutingTools.routino("planetsplitter")
        let regions = directory.appendingPathComponent("data/roadtrip/regions")
        let extract = try GridExtract.write(into: directory.appendingPathComponent("extract"))
        try pane.type(line: "XDG_DATA_HOME='\(directory.path)/data' '\(BuiltProducts.url("roadtrip").path)' region add "
            + "'\(extract.path)' --name helsinki")
        var roadtrip: pid_t?, child: pid_t?
        XCTAssertTrue(ProcessTable.wait(seconds: 60, every: 500) {
            let building = (try? FileManager.default.contentsOfDirectory(atPath: regions.path))?
                .first { $0.hasPrefix(".helsinki.building-") }
            roadtrip = building.flatMap { pid_t($0.dropFirst(".helsinki.building-".count)) }
            child = roadtrip.flatMap { ProcessTable.children(of: $0).first { ProcessTable.command(of: $0) == "planetsplitter" } }
            return child != nil
        }, pane.dump)
        guard let roadtrip, let child else { return }
        defer { kill(child, SIGKILL) }
        pane = nil
        XCTAssertTrue(ProcessTable.wait(seconds: 3) { !ProcessTable.isAlive(roadtrip) && !ProcessTable.isAlive(child) })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: regions.path), [], "no build folder is left")
    }
}
