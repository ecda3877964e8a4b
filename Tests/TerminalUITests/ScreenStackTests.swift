import XCTest
import TerminalUI

final class ScreenStackTests: XCTestCase {
    func testPushPop() {
        let stack = ScreenStack()
        XCTAssertTrue(stack.isEmpty)
        let a = RecordingScreen("A"), b = RecordingScreen("B")
        stack.push(a)
        stack.push(b)
        XCTAssertTrue(stack.top === b)
        XCTAssertEqual(stack.count, 2)
        XCTAssertEqual(stack.screens.map(\.title), ["A", "B"])
        XCTAssertTrue(stack.pop() === b)
        XCTAssertEqual(a.appearances, 2)  // pushed, then uncovered
        XCTAssertTrue(stack.pop() === a)
        XCTAssertNil(stack.pop())
        XCTAssertTrue(stack.isEmpty)
    }

    func testVisibleScreensIncludeWhatModalsCover() {
        let stack = ScreenStack()
        stack.push(RecordingScreen("A"))
        stack.push(RecordingScreen("B"))
        XCTAssertEqual(stack.visibleScreens.map(\.title), ["B"])
        stack.present(RecordingScreen("M1", modal: true))
        stack.present(RecordingScreen("M2", modal: true))
        XCTAssertEqual(stack.visibleScreens.map(\.title), ["B", "M1", "M2"])
    }

    func testDismissRemovesAScreenAndEverythingAboveIt() {
        let stack = ScreenStack()
        let a = RecordingScreen("A"), m = RecordingScreen("M", modal: true)
        stack.push(a)
        stack.present(m)
        stack.present(RecordingScreen("N", modal: true))
        stack.dismiss(m)
        XCTAssertEqual(stack.screens.map(\.title), ["A"])
        stack.dismiss(m)  // no longer there: nothing happens
        XCTAssertEqual(stack.count, 1)
    }

    func testPoppedScreensAreFreed() {
        let stack = ScreenStack()
        weak var weakPushed: RecordingScreen?
        weak var weakReplaced: RecordingScreen?
        do {
            let pushed = RecordingScreen("P")
            let replaced = RecordingScreen("R")
            weakPushed = pushed
            weakReplaced = replaced
            stack.push(replaced)
            stack.pop()
            stack.push(pushed)
        }
        XCTAssertNil(weakReplaced)
        XCTAssertNotNil(weakPushed)
        stack.pop()
        XCTAssertNil(weakPushed)
    }
}
