import Foundation
import XCTest

/// The full-screen map in the real binary, in a private tmux at 120x40: `m` from the trip screen, pan, zoom,
/// `n`, `Enter` on the stop and a saved edit, `q` back. Every wait is bounded.
final class TripMapEndToEndTests: TmuxTestCase {
    private static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/demo/trips.json")

    override var paneSize: (columns: Int, rows: Int) { (120, 40) }

    override func prepare() throws {
        try FileManager.default.copyItem(at: Self.demo, to: URL(fileURLWithPath: dataPath))
    }

    func testOpenPanZoomSelectEditAndGoBack() throws {
        try launchApp()
        try expect("Route 66")
        try pane.keys("j", "j", "Enter")
        try expect("12 stops")
        try pane.keys("m")
        try expect("1/12 Chicago · Illinois, US")
        XCTAssertTrue(try pane.screen()[0].contains("×1 · 1 cell ≈"), pane.dump)
        let fitted = try pane.screen()

        try pane.keys("Right")
        XCTAssertTrue(try pane.wait(until: { $0 != fitted }), "panning east moves the map: \(pane.dump)")
        try pane.keys("+")
        try expect("×2 · 1 cell ≈")
        try pane.keys("0")
        try expect("×1 · 1 cell ≈")
        try pane.keys("n")
        try expect("2/12 Springfield")

        try pane.keys("Enter")
        try expect("Edit stop")
        try pane.keys("C-u")
        try pane.keys("Springfield IL", literal: true)
        try pane.keys("C-s")
        try expect("2/12 Springfield IL")
        try pane.keys("q")
        try expect("Notes: The Mother Road")
        let saved = try String(contentsOfFile: dataPath, encoding: .utf8)
        XCTAssertTrue(saved.contains("\"Springfield IL\""), "the edit was saved")
        try pane.keys("q", "q")
        XCTAssertTrue(try pane.wait(for: "$"), pane.dump)
    }
}
