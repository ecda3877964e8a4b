import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// `show` with a range and no road data: every figure says it stands on the straight line, and fuel is said to be
/// unchecked (with the command that names the extracts), never passed by silence.
final class ShowFuelCheckCLITests: CLITestCase {
    /// The test's home: no region under it, `range_km = 400` in its settings.
    private var home: URL { directory.appendingPathComponent("home") }

    @discardableResult
    private func run(_ arguments: String..., expect status: Int32 = 0) throws -> CommandResult {
        try roadtrip(arguments, home: home, expect: status)
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let settings = home.appendingPathComponent("config/roadtrip")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try "range_km = 400\n".write(to: settings.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        try run("new", "Red Centre")
        try run("add-stop", "red", "--name", "Alice Springs", "--lat", "-23.6975", "--lon", "133.8836")
        try run("add-stop", "red", "--name", "Katherine", "--lat", "-14.4652", "--lon", "132.2635")
    }

    func testShowSaysFuelCannotBeCheckedAndWhy() throws {
        let shown = try run("show", "red").stdout
        XCTAssertTrue(shown.contains("⛽ Fuel not checked on day 1 (leg 1–2): no region is installed. "
                                     + "To check it: roadtrip region which 'Red Centre'\n"), shown)
        XCTAssertFalse(shown.contains("without fuel"), shown)
    }

    func testShowJSONSaysTheBasisAndTheUncheckedLegs() throws {
        let shown = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run("show", "red", "--json").stdout.utf8)) as? [String: Any])
        let legs = try XCTUnwrap(shown["legs"] as? [[String: Any]])
        XCTAssertEqual(legs.map { $0["basis"] as? String }, ["straight line"])
        let days = try XCTUnwrap(shown["days"] as? [[String: Any]])
        XCTAssertEqual(days.first?["basis"] as? String, "straight line")
        XCTAssertEqual((shown["fuelGaps"] as? [Any])?.count, 0)
        let unchecked = try XCTUnwrap(shown["fuelNotChecked"] as? [[String: Any]])
        XCTAssertEqual(unchecked.count, 1)
        XCTAssertEqual(unchecked.first?["from"] as? Int, 1)
        XCTAssertEqual(unchecked.first?["to"] as? Int, 2)
        XCTAssertEqual(unchecked.first?["reason"] as? String, "no region is installed")
    }

    func testWithoutARangeNothingIsSaidAboutFuel() throws {
        try run("config", "set", "range_km", "0")
        XCTAssertFalse(try run("show", "red").stdout.contains("⛽"))
        let shown = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run("show", "red", "--json").stdout.utf8)) as? [String: Any])
        XCTAssertNil(shown["fuelNotChecked"])
        XCTAssertNil(shown["fuelGaps"])
    }
}
