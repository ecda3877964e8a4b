import XCTest
@testable import RoadtripCore

final class DataLocationTests: XCTestCase {
    func testPrecedence() {
        let env = ["ROADTRIP_DATA": "/env/trips.json", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        XCTAssertEqual(DataLocation.resolve(explicit: "/cli.json", environment: env).path, "/cli.json")
        XCTAssertEqual(DataLocation.resolve(explicit: nil, environment: env).path, "/env/trips.json")
        XCTAssertEqual(DataLocation.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]).path,
                       "/xdg/roadtrip/trips.json")
        XCTAssertEqual(DataLocation.resolve(explicit: nil, environment: ["HOME": "/home/u"]).path,
                       "/home/u/.local/share/roadtrip/trips.json")
        // A relative XDG_DATA_HOME is invalid per the XDG spec and ignored.
        XCTAssertEqual(DataLocation.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]).path,
                       "/h/.local/share/roadtrip/trips.json")
        XCTAssertEqual(DataLocation.resolve(explicit: "~/t.json", environment: ["HOME": "/h"]).path, "/h/t.json")
    }
}
