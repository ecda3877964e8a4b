import XCTest
import TerminalUI

/// CursesTerminal drawing into a file: no terminal needed. Shows that clearing and redrawing
/// everything each frame still lets ncurses send only the difference.
final class CursesRecordingTests: XCTestCase {
    func testMovingTheSelectionSendsOnlyTheDifference() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("curses-\(UUID().uuidString)").path
        defer { unlink(path) }
        let terminal = try CursesTerminal(recordingTo: path, rows: 40, columns: 120)
        defer { terminal.shutdown() }
        XCTAssertEqual(terminal.size, TerminalSize(rows: 40, columns: 120))
        let app = Application(terminal: terminal)
        app.stack.push(SampleListScreen(names: (1...10_000).map { "Trip \($0) 東京 → Zürich" }))
        app.render()
        let firstFrame = terminal.bytesWritten
        app.handle(.down)
        app.render()
        let move = terminal.bytesWritten - firstFrame
        XCTAssertGreaterThan(firstFrame, 1_500)
        print("ui.bytes_per_move (curses, 120x40): first frame \(firstFrame) bytes, one move \(move) bytes")
        XCTAssertGreaterThan(move, 0)
        XCTAssertLessThan(move, 300, "bytes for one selection move")
        app.render()
        XCTAssertEqual(terminal.bytesWritten - firstFrame - move, 0, "an unchanged frame sends nothing")
        XCTAssertEqual(terminal.readEvent(timeout: nil), .quit(.endOfInput))
    }
}
