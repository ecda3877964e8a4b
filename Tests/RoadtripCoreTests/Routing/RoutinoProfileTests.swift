import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// Debian's routino on the synthetic avoid extract (`AvoidExtract`): each road a traveller may avoid is taken
/// without the avoid and gone round with it, the vehicle's size and top speed are honoured, and what Routino
/// cannot avoid (tolls) is said on the leg. Routes are checked by their geometry against the tagged ways.
final class RoutinoProfileTests: XCTestCase {
    private static var folder: URL?
    private static var setUpError: Error?

    override class func setUp() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-avoid-\(UUID().uuidString)")
        self.folder = folder
        do {
            _ = try RoutingTools.routino("planetsplitter")
            _ = try AvoidExtract.routinoDatabase(in: folder)
        } catch {
            setUpError = error
        }
    }

    override class func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// The engine on the extract's database, or the reason it is missing as this test's failure (never a skip).
    private func engine(_ route: RouteProfile) throws -> RoutinoEngine {
        if let error = Self.setUpError { throw error }
        _ = try RoutingTools.routino("routino-router")
        return RoutinoEngine(databaseDirectory: try XCTUnwrap(Self.folder).appendingPathComponent("routino"), route: route)
    }

    /// Whether the leg of `place` takes its shortcut (else it goes round), checked both ways so that a leg that
    /// takes neither fails.
    private func takesShortcut(_ place: AvoidExtract.Case, _ route: RouteProfile,
                               file: StaticString = #filePath, line: UInt = #line) throws -> Bool {
        let leg = try engine(route).leg(from: place.from, to: place.to)
        XCTAssertNil(leg.implausibility(from: place.from, to: place.to), "\(place)", file: file, line: line)
        let shortcut = AvoidExtract.passes(leg.geometry, middleOf: place.shortcut)
        XCTAssertNotEqual(shortcut, AvoidExtract.passes(leg.geometry, middleOf: place.wayRound),
                          "\(place): the shortcut or the way round", file: file, line: line)
        return shortcut
    }

    func testEachAvoidableRoadIsTakenWithoutTheAvoidAndGoneRoundWithIt() throws {
        // An electric car: a profile of its own, routed as Routino's motorcar.
        for (place, avoid) in [(AvoidExtract.Case.motorway, Avoid.motorways), (.ferry, .ferries), (.unpaved, .unpaved)] {
            XCTAssertTrue(try takesShortcut(place, RouteProfile(vehicle: .ev)), "\(place) without the avoid")
            XCTAssertFalse(try takesShortcut(place, RouteProfile(vehicle: .ev, avoid: [avoid])), "\(place) avoided")
            let others = [Avoid.motorways, .ferries, .tolls].filter { $0 != avoid }
            XCTAssertTrue(try takesShortcut(place, RouteProfile(vehicle: .ev, avoid: others)), "\(place) with the other avoids")
        }
        // Avoiding unpaved roads is Routino's strongest preference for paved ones, and its tagging never marks a
        // ferry paved: that keeps off the ferry too.
        XCTAssertFalse(try takesShortcut(.ferry, RouteProfile(vehicle: .ev, avoid: [.unpaved])))
        XCTAssertTrue(try takesShortcut(.motorway, RouteProfile(vehicle: .ev, avoid: [.unpaved])))
    }

    /// Debian's motorcar prefers paved roads 100%, which keeps it off unpaved roads and ferries (never tagged
    /// paved) wherever another road leads: the standard profile keeps that, as its legs were routed before.
    func testTheStandardProfileIsRoutinosOwn() throws {
        let engine = try engine(.standard)
        XCTAssertEqual(engine.identity, "routino \(engine.databaseDirectory.path) motorcar")
        XCTAssertEqual(engine.arguments(from: AvoidExtract.Case.ferry.from, to: AvoidExtract.Case.ferry.to).filter {
            !$0.hasPrefix("--lat") && !$0.hasPrefix("--lon")
        }, ["--dir=\(engine.databaseDirectory.path)", "--profile=motorcar", "--quickest", "--output-text-all",
            "--output-stdout", "--quiet"])
        for place in [AvoidExtract.Case.motorway, .underpass, .toll] {
            XCTAssertTrue(try takesShortcut(place, .standard), "\(place)")
        }
        for place in [AvoidExtract.Case.ferry, .unpaved] {
            XCTAssertFalse(try takesShortcut(place, .standard), "\(place)")
        }
    }

    /// Routino knows no tolls: the leg takes the toll road and says it could not avoid it.
    func testTollsCannotBeAvoidedAndTheLegSaysSo() throws {
        let place = AvoidExtract.Case.toll
        let avoiding = try engine(RouteProfile(avoid: [.tolls, .ferries])).leg(from: place.from, to: place.to)
        XCTAssertTrue(AvoidExtract.passes(avoiding.geometry, middleOf: place.shortcut))
        XCTAssertEqual(avoiding.unavoided, [.tolls])
        XCTAssertFalse(avoiding.ownProfile)
        let notAvoiding = try engine(RouteProfile(avoid: [.ferries])).leg(from: place.from, to: place.to)
        XCTAssertEqual(notAvoiding.unavoided, [])
        XCTAssertEqual(notAvoiding.distanceKm, avoiding.distanceKm)
    }

    func testATallCampervanGoesRoundTheLowUnderpassAndACarGoesUnder() throws {
        let place = AvoidExtract.Case.underpass
        XCTAssertFalse(try takesShortcut(place, RouteProfile(vehicle: .campervan, heightM: 3)))
        XCTAssertTrue(try takesShortcut(place, RouteProfile(vehicle: .car, heightM: 2)))
        // Over 3.5 t Routino's goods profile, whose own height (2.5 m) still fits under.
        let heavy = try engine(RouteProfile(vehicle: .campervan, weightT: 4))
        XCTAssertEqual(heavy.vehicleProfile, "goods")
        XCTAssertTrue(try takesShortcut(place, RouteProfile(vehicle: .campervan, weightT: 4)))
        XCTAssertFalse(try takesShortcut(place, RouteProfile(vehicle: .campervan, heightM: 2.6, weightT: 4)))
        let motorcycle = try engine(RouteProfile(vehicle: .motorcycle))
        XCTAssertEqual(motorcycle.vehicleProfile, "motorcycle")
        XCTAssertTrue(try takesShortcut(place, RouteProfile(vehicle: .motorcycle)))
    }

    /// Every road on the motorway leg is faster than 90 km/h (motorway 112, primary 96): at a top speed of 90 the
    /// whole leg is driven at 90, on the same roads.
    func testATopSpeedSlowsEveryFasterRoad() throws {
        let place = AvoidExtract.Case.motorway
        let free = try engine(RouteProfile(vehicle: .ev)).leg(from: place.from, to: place.to)
        let capped = try engine(RouteProfile(vehicle: .ev, topSpeedKmh: 90)).leg(from: place.from, to: place.to)
        XCTAssertTrue(AvoidExtract.passes(capped.geometry, middleOf: place.shortcut))
        XCTAssertEqual(capped.distanceKm, free.distanceKm, accuracy: 0.01)
        // Routino writes the total time to a tenth of a minute.
        XCTAssertEqual(capped.durationSeconds, capped.distanceKm / 90 * 3600, accuracy: 6)
        // Routino itself drove at 90 (the speed column), so choosing its roads at 90: nothing was left to cap.
        let slow = try engine(RouteProfile(vehicle: .ev, topSpeedKmh: 90))
        let output = try RoutingTools.run(slow.executable, slow.arguments(from: place.from, to: place.to))
        let speeds = String(decoding: output, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
            .compactMap { $0.split(separator: "\t").dropFirst(8).first }.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        XCTAssertEqual(Set(speeds), [90])
        XCTAssertEqual(try RoutinoEngine.parse(output).durationSeconds, capped.durationSeconds)
        let freeHours = place.shortcutKm / 112 + (free.distanceKm - place.shortcutKm) / 96
        XCTAssertEqual(free.durationSeconds, freeHours * 3600, accuracy: 6)
        // Routino's goods profile drives the motorway at 96 km/h.
        let goods = try engine(RouteProfile(vehicle: .campervan, weightT: 4)).leg(from: place.from, to: place.to)
        XCTAssertEqual(goods.durationSeconds, goods.distanceKm / 96 * 3600, accuracy: 6)
    }

    /// Routino's own answer at its own speeds, read at a top speed of 90: each segment on a road faster than
    /// that takes its time at 90; the ferry's (10 km/h) keeps its own. A day's drive of 600-odd segments: their
    /// times, written to a hundredth of a minute, would be a minute or two off.
    func testParseCapsEachFasterSegmentButNotTheFerry() throws {
        let engine = try engine(RouteProfile(vehicle: .ev))
        let towns = AvoidExtract.towns
        let output = try RoutingTools.run(engine.executable, engine.arguments(from: towns[0], to: towns[1]))
        let own = try RoutinoEngine.parse(output), capped = try RoutinoEngine.parse(output, topSpeedKmh: 90)
        XCTAssertEqual(own.ferryKm, AvoidExtract.Case.ferry.shortcutKm, accuracy: 0.05)
        XCTAssertTrue(AvoidExtract.passes(own.geometry, middleOf: AvoidExtract.Case.motorway.shortcut))
        XCTAssertEqual(capped.ferrySeconds, own.ferrySeconds)
        XCTAssertEqual(capped.distanceKm, own.distanceKm)
        // Every road on it (motorway, main road) is faster than 90.
        XCTAssertEqual(capped.durationSeconds, own.ferrySeconds + (own.distanceKm - own.ferryKm) / 90 * 3600, accuracy: 6)
    }

    /// The issue's trip: a campervan 3 m tall at 90 km/h avoiding ferries, three stops a day's drive apart. Its
    /// legs take the motorway and the toll road (not avoided), neither the ferry nor the low underpass, and no
    /// road faster than 90 km/h.
    func testATallSlowCampervanAvoidingFerriesOnAThreeDayTrip() throws {
        let campervan = RouteProfile(vehicle: .campervan, topSpeedKmh: 90, heightM: 3, avoid: [.ferries])
        let engine = try engine(campervan)
        let towns = AvoidExtract.towns
        let first = try engine.leg(from: towns[0], to: towns[1]), second = try engine.leg(from: towns[1], to: towns[2])
        XCTAssertTrue(AvoidExtract.passes(first.geometry, middleOf: AvoidExtract.Case.motorway.shortcut))
        XCTAssertFalse(AvoidExtract.passes(first.geometry, middleOf: AvoidExtract.Case.ferry.shortcut))
        XCTAssertFalse(AvoidExtract.passes(first.geometry, middleOf: AvoidExtract.Case.underpass.shortcut))
        XCTAssertEqual(first.ferryKm, 0)
        XCTAssertTrue(AvoidExtract.passes(second.geometry, middleOf: AvoidExtract.Case.toll.shortcut))
        for leg in [first, second] {
            XCTAssertEqual(leg.unavoided, [])
            XCTAssertGreaterThanOrEqual(leg.durationSeconds, leg.distanceKm / 90 * 3600 - 6)
            XCTAssertGreaterThan(leg.distanceKm, 250, "a day's drive")
        }
    }
}
