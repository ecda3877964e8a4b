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
        XCTAssertTrue(try pane.wait(until: { _ in (try? self.writes(trace).count) ?? 0 > atStart.count }), pane.dump)
        // Whatever frames came by now (the map's outlines and routing answers add small ones, sooner or later on
        // another machine), a frame a row or a cursor move at a time is many small writes: bound their size, not
        // a wait.
        let now = try writes(trace)
        let opened = (count: now.count - atStart.count, bytes: now.bytes - atStart.bytes)
        XCTAssertGreaterThanOrEqual(opened.bytes / opened.count, 512,
                                    "the trip screen's frames went out in \(opened.count) writes of \(opened.bytes) bytes")
        XCTAssertLessThanOrEqual(atStart.count, 20, "start-up and the first frame went out in \(atStart.count) writes")
        try pane.keys("q", "q")
    }

    /// Writes to the terminal (fd 1) so far, and the bytes they wrote (what each returned).
    private func writes(_ trace: String) throws -> (count: Int, bytes: Int) {
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("write(1,") }
        let bytes = lines.compactMap { $0.split(separator: "=").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
        return (lines.count, bytes.reduce(0, +))
    }
}
