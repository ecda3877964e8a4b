import Foundation
import XCTest

/// The full-screen map in the real binary, in a private tmux at 120x40: `m` from the trip screen, pan, zoom,
/// `n`, `Enter` on the stop and a saved edit, `q` back. Every wait is bounded.
final class TripMapEndToEndTests: XCTestCase {
    private var directory: URL!
    private var pane: Tmux!
    private static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/demo/trips.json")

    override func setUpWithError() throws {
        guard Tmux.isAvailable else {
            throw Tmux.Failure(description: "tmux is not installed (`make test` installs it)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-map-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.demo, to: directory.appendingPathComponent("trips.json"))
        pane = try Tmux(columns: 120, rows: 40, directory: directory)
        XCTAssertTrue(try pane.wait(for: "$"), "shell prompt: \(pane.dump)")
    }

    override func tearDownWithError() throws {
        pane = nil  // kills the tmux server and anything still running in it
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private func expect(_ text: String) throws {
        if try !pane.wait(for: text) {
            throw Tmux.Failure(description: "\"\(text)\" did not appear in time: \(pane.dump)")
        }
    }

    func testOpenPanZoomSelectEditAndGoBack() throws {
        let data = directory.appendingPathComponent("trips.json").path
        try pane.type(line: "XDG_STATE_HOME=\(directory.path)/state XDG_CONFIG_HOME=\(directory.path)/config "
            + "XDG_CACHE_HOME=\(directory.path)/cache '\(BuiltProducts.url("roadtrip").path)' --data '\(data)'")
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
        let saved = try String(contentsOfFile: data, encoding: .utf8)
        XCTAssertTrue(saved.contains("\"Springfield IL\""), "the edit was saved")
        try pane.keys("q", "q")
        XCTAssertTrue(try pane.wait(for: "$"), pane.dump)
    }
}
