import Foundation
@testable import RoadtripApp
import XCTest

final class TypedPathTests: XCTestCase {
    func testASlashOrTildeTypedAfterTheFolderStartsOver() {
        let home = NSHomeDirectory()
        XCTAssertEqual(TypedPath.resolve("/home/me/trips/ride.gpx"), "/home/me/trips/ride.gpx")
        XCTAssertEqual(TypedPath.resolve("/home/me/trips//etc/ride.gpx"), "/etc/ride.gpx")
        XCTAssertEqual(TypedPath.resolve("/home/me/trips/~/ride.gpx"), home + "/ride.gpx")
        XCTAssertEqual(TypedPath.resolve("  ~/a b.gpx "), home + "/a b.gpx")
        XCTAssertEqual(TypedPath.resolve("/srv//tmp/x//y.gpx"), "/y.gpx", "the last restart wins")
        XCTAssertEqual(TypedPath.resolve("relative.gpx"), "relative.gpx")
        XCTAssertEqual(TypedPath.resolve(""), "")
    }
}
