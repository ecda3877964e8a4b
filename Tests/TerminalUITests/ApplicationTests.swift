import XCTest
@testable import TerminalUI

final class ApplicationTests: XCTestCase {
    private func makeApp(rows: Int = 24, columns: Int = 80) -> (Application, MemoryTerminal, RecordingScreen) {
        let term = MemoryTerminal(rows: rows, columns: columns)
        let app = Application(terminal: term)
        let root = RecordingScreen("Roadtrips")
        app.stack.push(root)
        return (app, term, root)
    }

    func testRendersTheTopScreenAndStatusBar() {
        let (app, term, _) = makeApp()
        app.render()
        XCTAssertEqual(term.text(row: 0), "Roadtrips")
        XCTAssertEqual(term.text(row: 23), " Roadtrips │ x do x  ? help")
        XCTAssertEqual(term.cell(row: 23, column: 79).attributes, .status)
    }

    func testKeysGoToTheTopScreenAndEachEventRendersOnce() {
        let (app, term, root) = makeApp()
        term.enqueue(.character("x"), .down)
        XCTAssertEqual(app.run(), .endOfInput)
        XCTAssertEqual(root.keys, [.character("x"), .down])
        XCTAssertEqual(term.flushCount, 3)  // first frame + one per key
        XCTAssertEqual(term.text(row: 1), "keys: 2")
    }

    func testAfterFrameRunsAfterEachFrameAndARedrawIsAskedFor() {
        let (app, term, root) = makeApp()
        var framesSeen: [Int] = []
        app.afterFrame = {
            framesSeen.append(term.flushCount)
            return root.keys.last == .character("x")  // "x" changed what is shown: draw again
        }
        term.enqueue(.character("x"), .down)
        XCTAssertEqual(app.run(), .endOfInput)
        XCTAssertEqual(framesSeen, [1, 2, 4], "after the first frame and after each key's frame, never before it")
        XCTAssertEqual(term.flushCount, 4, "one extra frame, for the key whose after-frame work changed the screen")
    }

    func testTheFrameLogHasALinePerEventsFrame() throws {
        let (app, term, _) = makeApp()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        app.frameLog = try XCTUnwrap(FrameLog(path: path))
        app.afterFrame = { usleep(30_000); return false }
        term.enqueue(.character("x"), .down)
        XCTAssertEqual(app.run(), .endOfInput)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
        XCTAssertEqual(lines.map { String($0[0]) }, ["key:character(\"x\")", "key:down"])
        for line in lines {
            let frame = try XCTUnwrap(Double(line[1])), after = try XCTUnwrap(Double(line[2]))
            XCTAssertLessThan(frame, after, "the after-frame work (30 ms here) is not the frame's")
            XCTAssertGreaterThanOrEqual(after, 30)
        }
    }

    /// Posted work that ends the run (a large file whose rest cannot be read) is the app quitting, even when it runs
    /// as the terminal's input ends: the caller must see a quit, not the end of input.
    func testPostedWorkThatQuitsEndsTheRunAsAQuit() {
        let (app, _, _) = makeApp()
        app.post { app.quitNow() }
        XCTAssertNil(app.run(), "a quit, not the end of input")
    }

    func testWorkPostedFromAnotherThreadRunsOnTheLoopBeforeTheNextFrame() {
        let (app, term, root) = makeApp()
        let posted = expectation(description: "posted from a background thread")
        /// Set by the posted action on the loop's thread; read after the loop ran.
        final class Flag: @unchecked Sendable { var value = false }
        let ranOnLoop = Flag()
        DispatchQueue.global().async {
            app.post { ranOnLoop.value = Thread.isMainThread && root.keys.isEmpty }
            posted.fulfill()
        }
        wait(for: [posted], timeout: 5)
        term.enqueue(event: .wake)
        term.enqueue(.character("x"))
        XCTAssertEqual(app.run(), .endOfInput)
        XCTAssertTrue(ranOnLoop.value, "the action ran on the loop's thread, before the next key")
        XCTAssertEqual(term.flushCount, 3, "a wake-up draws a frame like a key")
    }

    func testQOnTheRootScreenQuitsAndQElsewhereGoesBack() {
        let (app, term, _) = makeApp()
        app.stack.push(RecordingScreen("Detail"))
        term.enqueue(.character("q"))
        term.enqueue(.escape)  // Esc on the root screen does not quit
        term.enqueue(.character("q"))
        term.enqueue(.character("x"))  // never read
        XCTAssertNil(app.run())
        XCTAssertEqual(app.stack.screens.map(\.title), ["Roadtrips"], "the root screen stays for the caller to read")
        XCTAssertEqual(term.pendingEventCount, 1)
    }

    /// Every way out asks `mayQuit` (unsaved changes): `q` on a root screen that leaves `q` to the app too.
    func testQOnTheRootScreenAsksWhetherItMayQuit() {
        let (app, term, _) = makeApp()
        var asked = 0
        app.mayQuit = { asked += 1; return asked > 1 }
        term.enqueue(.character("q"), .character("q"), .character("x"))
        XCTAssertNil(app.run())
        XCTAssertEqual(asked, 2, "refused once, then allowed")
        XCTAssertEqual(term.pendingEventCount, 1)
    }

    func testCtrlCQuitsAtOnceEvenWhenAScreenWouldTakeIt() {
        let (app, term, root) = makeApp()
        root.handledKeys.insert(.ctrl("c"))
        term.enqueue(.ctrl("c"), .character("x"))
        XCTAssertNil(app.run())
        XCTAssertEqual(root.keys, [])
        XCTAssertFalse(app.stack.isEmpty)
    }

    func testSignalQuitIsReported() {
        let (app, term, _) = makeApp()
        term.enqueue(event: .quit(.signal(15)))
        XCTAssertEqual(app.run(), .signal(15))
    }

    func testModalIsDrawnOverTheScreenBelow() {
        let (app, term, _) = makeApp(rows: 10, columns: 40)
        app.stack.present(RecordingScreen("Sure?", modal: true))
        app.render()
        XCTAssertEqual(term.rows(0...5), [
            "Roadtrips",
            "keys: 0",
            "",
            "          ┌──────────────────┐",
            "          │Sure?             │",
            "          └──────────────────┘",
        ])
        XCTAssertEqual(term.text(row: 9), " Sure? │ x do x")
    }

    func testHelpOverlayListsTheScreensKeysAndCloses() {
        let (app, term, _) = makeApp(rows: 12, columns: 50)
        term.enqueue(.character("?"))
        term.enqueue(event: .quit(.endOfInput))
        term.enqueue(.escape)
        app.run()
        XCTAssertEqual(term.rows(0...11), [
            "Roadtrips",
            "key┌ Help: Roadtrips ────────────────────────┐",
            "   │ x       do x                            │",
            "   │ y       do y                            │",
            "   │ ?       this help                       │",
            "   │ q       back (quit on the first screen) │",
            "   │ Esc     back / cancel                   │",
            "   │ Ctrl-C  quit at once                    │",
            "   └─────────────────────────────────────────┘",
            "",
            "",
            " Help: Roadtrips │ Esc close",
        ])
        app.run()
        XCTAssertEqual(app.stack.count, 1)
        XCTAssertEqual(term.text(row: 1), "keys: 1")
    }

    func testTooSmallNoticeKeepsStateAndRecovers() {
        let (app, term, root) = makeApp()
        term.enqueue(.character("x"))
        term.enqueueResize(rows: 9, columns: 40)
        term.enqueue(.character("x"), .character("q"))  // ignored while too small
        term.enqueue(event: .quit(.endOfInput))
        term.enqueueResize(rows: 10, columns: 40)
        app.run()
        XCTAssertEqual(term.rows(0...8), ["", "", "", "           Terminal too small", "               need 40x10", "", "", "", ""])
        XCTAssertEqual(root.keys, [.character("x")])
        app.run()
        XCTAssertEqual(term.text(row: 1), "keys: 1")
        XCTAssertEqual(app.stack.count, 1)
    }

    func testAnySizeDownToOneByOneDoesNotCrash() {
        let (app, term, _) = makeApp()
        app.stack.present(RecordingScreen("Modal", modal: true))
        for (rows, columns) in [(20, 5), (1, 1), (0, 0), (1, 80), (24, 1), (2, 2), (10, 40), (5, 20)] {
            term.resize(rows: rows, columns: columns)
            app.render()
        }
        XCTAssertEqual(term.rows(0...4), ["", " Terminal too small", "     need 40x10", "", ""])
        term.resize(rows: 3, columns: 8)
        app.render()
        XCTAssertEqual(term.screenText, ["Termina…", "need 40…", ""])
        term.resize(rows: 1, columns: 1)
        app.render()
        XCTAssertEqual(term.screenText, ["…"])
    }

    func testMessageCoversTheStatusBarUntilTheNextKeyOrTimeout() {
        var clock: UInt64 = 1000
        let term = MemoryTerminal(rows: 10, columns: 40)
        let app = Application(terminal: term, messages: MessageLine(now: { clock }))
        app.stack.push(RecordingScreen("Roadtrips"))
        app.messages.show("Saved", milliseconds: 500)
        app.render()
        XCTAssertEqual(term.text(row: 9), "Saved")
        clock += 499
        app.messages.expireIfDue()
        XCTAssertEqual(app.messages.text, "Saved")
        clock += 1
        app.messages.expireIfDue()
        XCTAssertNil(app.messages.text)
        app.messages.show("Disk full", kind: .error)
        app.render()
        XCTAssertEqual(term.cell(row: 9, column: 0).attributes, .error)
        app.handle(.down)
        XCTAssertNil(app.messages.text)
    }

    func testWheelFallsBackToArrows() {
        let (app, _, root) = makeApp()
        app.handle(.scrollDown)
        XCTAssertEqual(root.keys, [.scrollDown, .down])
    }
}
