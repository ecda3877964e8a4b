import Foundation
import RoadtripTestSupport
import XCTest

/// `roadtrip region add` on a terminal: each phase's line and its bar redrawn in place, left at 100 % with the
/// phase's time (a tall pane keeps them all on screen); no child's own output.
final class RegionTerminalTests: TmuxTestCase {
    override var paneSize: (columns: Int, rows: Int) { (100, 150) }

    func testPhasesAndProgressBarsShowOnATerminal() throws {
        _ = try FjordExtract.osmium()
        _ = try RoutingTools.routino("planetsplitter")
        try pane.type(line: "XDG_DATA_HOME='\(directory.path)/data' '\(BuiltProducts.url("roadtrip").path)' region add "
            + "'\(RoutingTools.helsinkiExtract.path)' --name helsinki; echo \"exit=$?\"")
        XCTAssertTrue(try pane.wait(timeout: 120) { $0.contains("exit=0") }, pane.dump)
        let screen = try pane.screen()
        let phases = screen.indices.filter { screen[$0].range(of: #"^\[\d/7\] "#, options: .regularExpression) != nil }
        XCTAssertEqual(phases.count, 7, pane.dump)
        XCTAssertTrue(screen[phases[2]].hasPrefix("[3/7] Selecting places"), pane.dump)
        XCTAssertTrue(screen[phases[6]].hasPrefix("[7/7] Building the roads (planetsplitter)"), pane.dump)
        // Each phase's bar, drawn in place (one line, whatever its redraws) and left full with the phase's time.
        for phase in phases {
            let bar = screen.dropFirst(phase + 1).first { !$0.hasPrefix("      ") } ?? ""
            XCTAssertTrue(bar.hasPrefix("[==============================] 100%  in "), pane.dump)
        }
        XCTAssertFalse(screen.contains { $0.hasPrefix("Sorted Nodes") }, pane.dump)
        XCTAssertTrue(screen.contains { $0.hasPrefix("Built the region helsinki: places 1, points of interest 46") }, pane.dump)
        XCTAssertTrue(screen.contains { $0.hasPrefix("Disk: the region takes ") }, pane.dump)
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
