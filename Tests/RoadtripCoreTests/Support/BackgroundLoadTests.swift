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
        var scheduled: [@Sendable () -> Void] = []
        let loader = BackgroundLoad<Int>(startNow: false, schedule: { scheduled.append($0) }) { runs.add(); return 42 }
        XCTAssertTrue(scheduled.isEmpty, "not started")
        XCTAssertNil(loader.value)
        var delivered: Int?
        loader.whenReady { delivered = try? $0.get() }
        loader.start()
        loader.start()
        XCTAssertEqual(scheduled.count, 1, "started once")
        XCTAssertNil(delivered)
        scheduled[0]()
        XCTAssertEqual(delivered, 42)
        XCTAssertEqual(try loader.wait(), 42)
        XCTAssertEqual(runs.value, 1)
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
