import Foundation
import XCTest

/// Pinning a stop in the real binary (issue 22), in a private tmux: `p` on the trip screen marks the stop and
/// says so, the mark stays on a 40x12 screen, `u` takes the pin back and `U` makes it again; then `optimise`
/// on the command line keeps the stop where it is. Every wait is bounded.
final class TripPinEndToEndTests: TmuxTestCase {
    private static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/demo/trips.json")

    override func prepare() throws {
        try FileManager.default.copyItem(at: Self.demo, to: URL(fileURLWithPath: dataPath))
    }

    private func row(_ name: String) throws -> String {
        try pane.screen().first { $0.contains(" \(name)") } ?? ""
    }

    /// Whether the data file comes to hold `text` (or not) within 5 s: the app saves just after the frame that says
    /// what changed, so the message can come a few milliseconds before the file.
    private func saved(_ text: String, present: Bool = true) -> Bool {
        let end = Date().addingTimeInterval(5)
        repeat {
            if ((try? String(contentsOfFile: dataPath, encoding: .utf8))?.contains(text) ?? false) == present { return true }
            Thread.sleep(forTimeInterval: 0.02)
        } while Date() < end
        return false
    }

    func testPinUndoRedoThenOptimiseKeepsTheStop() throws {
        try launchApp()
        try expect("Route 66")
        try pane.keys("j", "j", "Enter")
        try expect("12 stops")
        // The pin's hint comes last on the bottom line: it shows where the width allows.
        try pane.resize(columns: 120, rows: 30)
        XCTAssertTrue(try pane.wait { $0.last?.hasSuffix("o optimise  q back  p pin  ? help") == true }, pane.dump)
        try pane.resize(columns: 100, rows: 30)
        XCTAssertTrue(try pane.wait { $0.last?.hasSuffix("o optimise  q back  ? help") == true }, "redrawn: \(pane.dump)")
        try pane.keys("j", "j", "p")
        try expect("Pinned \"St. Louis\" at 3")
        XCTAssertTrue(try row("St. Louis").hasPrefix("  3  St. Louis ‡ "), pane.dump)
        XCTAssertFalse(try row("Tulsa").contains("‡"), pane.dump)

        try pane.resize(columns: 40, rows: 12)
        XCTAssertTrue(try pane.wait { $0.contains { $0.hasPrefix("  3  St. Louis ‡") } }, "the mark at 40x12: \(pane.dump)")
        try pane.keys("u")
        try expect("Undid: pin \"St. Louis\" at 3")
        XCTAssertFalse(try row("St. Louis").contains("‡"), pane.dump)
        XCTAssertTrue(saved("\"pinned\" : true", present: false), "the undo is saved (the edit's stamp stays, for a merge)")
        try pane.keys("U")
        try expect("Redid: pin \"St. Louis\" at 3")
        XCTAssertTrue(saved("\"pinned\" : true"), "saved")
        try pane.resize(columns: 100, rows: 30)
        try pane.keys("q", "q")
        XCTAssertTrue(try pane.wait(for: "$"), pane.dump)

        // Tulsa moved from fourth to eleventh: the optimiser brings it back, and St. Louis stays third.
        let roadtrip = "XDG_CONFIG_HOME=\(directory.path)/config XDG_CACHE_HOME=\(directory.path)/cache "
            + "'\(BuiltProducts.url("roadtrip").path)' --data '\(dataPath)'"
        try pane.type(line: "\(roadtrip) move-stop route 4 11 && \(roadtrip) optimise route --dry-run")
        try expect("1 stop is pinned and kept in place.")
        let screen = try pane.screen().joined(separator: "\n")
        XCTAssertTrue(screen.contains("\n  3       St. Louis  (pinned)\n"), pane.dump)
        XCTAssertTrue(screen.contains("\n  4   11  Tulsa\n"), "Tulsa comes back fourth: \(pane.dump)")
    }
}
