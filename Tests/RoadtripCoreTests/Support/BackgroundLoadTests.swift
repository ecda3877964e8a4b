import Foundation
import XCTest
@testable import RoadtripCore

/// A load started later (the gazetteer waits for the first frame) runs only once asked, once, and `wait()` asks.
final class BackgroundLoadTests: XCTestCase {
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    func testADeferredLoadWaitsForStartAndRunsOnce() throws {
        let runs = Counter()
        let loader = BackgroundLoad<Int>(startNow: false) { runs.add(); return 42 }
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertEqual(runs.value, 0, "not started")
        XCTAssertNil(loader.value)
        let ready = expectation(description: "ready")
        loader.whenReady { result in
            XCTAssertEqual(try? result.get(), 42)
            ready.fulfill()
        }
        loader.start()
        loader.start()
        wait(for: [ready], timeout: 10)
        XCTAssertEqual(try loader.wait(), 42)
        XCTAssertEqual(runs.value, 1, "started once")
    }

    func testWaitStartsADeferredLoad() throws {
        let loader = BackgroundLoad<String>(startNow: false) { "loaded" }
        XCTAssertEqual(try loader.wait(), "loaded")
    }

    func testALoadStartsAtOnceByDefault() throws {
        let runs = Counter()
        let loader = BackgroundLoad<Int> { runs.add(); return 1 }
        XCTAssertEqual(try loader.wait(), 1)
        XCTAssertEqual(runs.value, 1)
    }
}
