import Foundation
import XCTest

/// A frame reaches the terminal in a few large writes, not a write per row: ncurses 6.4 flushes at every cursor
/// move until its screen has once come back from `endwin` (`CursesTerminal` does that before the first frame).
/// Each write wakes the terminal, and the first frame of a long list took 118. Counted with strace on the demo
/// trips in a private tmux at 120x40.
final class FrameWritesTests: TmuxTestCase {
    private static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/demo/trips.json")

    override var paneSize: (columns: Int, rows: Int) { (120, 40) }

    override func prepare() throws {
        try FileManager.default.copyItem(at: Self.demo, to: URL(fileURLWithPath: dataPath))
    }

    func testAFrameLeavesInAFewWrites() throws {
        let trace = directory.appendingPathComponent("writes").path
        try pane.type(line: "XDG_STATE_HOME=\(directory.path)/state XDG_CONFIG_HOME=\(directory.path)/config "
            + "XDG_CACHE_HOME=\(directory.path)/cache /usr/bin/strace -qq -e trace=write -o \(Tmux.quoted(trace)) "
            + "\(Tmux.quoted(BuiltProducts.url("roadtrip").path)) --data \(Tmux.quoted(dataPath))")
        try expect("Route 66")
        let atStart = try writes(trace)
        // Opening a trip redraws the whole screen: header, stops, legs, map.
        try pane.keys("j", "j", "Enter")
        try expect("12 stops")
        XCTAssertTrue(try pane.wait(until: { _ in (try? self.writes(trace)) ?? 0 > atStart }), pane.dump)
        usleep(300_000)  // the map's outlines and routing answers may add a frame or two
        let opened = try writes(trace) - atStart
        XCTAssertLessThanOrEqual(opened, 8, "the trip screen's frames went out in \(opened) writes")
        XCTAssertLessThanOrEqual(atStart, 20, "start-up and the first frame went out in \(atStart) writes")
        try pane.keys("q", "q")
    }

    /// Writes to the terminal (fd 1) so far.
    private func writes(_ trace: String) throws -> Int {
        try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("write(1,") }.count
    }
}
