import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// Two real `osrm-routed` on the synthetic avoid extract (`AvoidExtract`): one built with OSRM's car profile,
/// whose `excludable` list offers `toll`, `motorway` and `ferry` one at a time, and one from a copy of it with the
/// list emptied. Routes are checked by their geometry against the tagged ways.
final class OSRMExcludeTests: XCTestCase {
    private static var servers: Result<(classes: LocalOSRMServer, none: LocalOSRMServer), Error>?
    private static var folder: URL?

    override class func setUp() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-osrm-avoid-\(UUID().uuidString)")
        self.folder = folder
        servers = Result {
            let extract = try AvoidExtract.write(into: folder)
            let plain = try AvoidExtract.carProfileWithoutExclusions(in: folder.appendingPathComponent("profile"))
            return (try LocalOSRMServer(graph: try RoutingTools.osrmGraph(for: extract)),
                    try LocalOSRMServer(graph: try RoutingTools.osrmGraph(for: extract, profile: plain)))
        }
    }

    override class func tearDown() {
        if case let .success(servers)? = servers {
            servers.classes.stop()
            servers.none.stop()
        }
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// The engine on the server with classes (or without), or why it is missing as this test's failure.
    private func engine(_ route: RouteProfile, classes: Bool = true) throws -> OSRMEngine {
        let servers = try XCTUnwrap(Self.servers).get()
        return OSRMEngine(baseURL: (classes ? servers.classes : servers.none).baseURL, route: route)
    }

    /// Whether the leg takes `place`'s shortcut (else it goes round; a leg that takes neither fails).
    private func takesShortcut(_ place: AvoidExtract.Case, _ leg: RoutedLeg,
                               file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let shortcut = AvoidExtract.passes(leg.geometry, middleOf: place.shortcut)
        XCTAssertNotEqual(shortcut, AvoidExtract.passes(leg.geometry, middleOf: place.wayRound),
                          "\(place): the shortcut or the way round", file: file, line: line)
        return shortcut
    }

    func testEachClassIsTakenWithoutTheAvoidAndExcludedWithIt() throws {
        for (place, avoid) in [(AvoidExtract.Case.motorway, Avoid.motorways), (.ferry, .ferries), (.toll, .tolls)] {
            let plain = try engine(.standard).leg(from: place.from, to: place.to)
            XCTAssertTrue(takesShortcut(place, plain), "\(place) without the avoid")
            let avoiding = try engine(RouteProfile(avoid: [avoid])).leg(from: place.from, to: place.to)
            XCTAssertFalse(takesShortcut(place, avoiding), "\(place) avoided")
            XCTAssertEqual(avoiding.unavoided, [], "\(place)")
            XCTAssertFalse(avoiding.ownProfile)
            XCTAssertGreaterThan(avoiding.durationSeconds, plain.durationSeconds)
        }
    }

    /// OSRM's car profile has no class for unpaved roads: the gravel road is taken, and the leg says so.
    func testUnpavedRoadsAreNeverExcluded() throws {
        let place = AvoidExtract.Case.unpaved
        let leg = try engine(RouteProfile(avoid: [.unpaved])).leg(from: place.from, to: place.to)
        XCTAssertTrue(takesShortcut(place, leg))
        XCTAssertEqual(leg.unavoided, [.unpaved])
    }

    /// The car profile excludes one class at a time: of two avoids, the first (motorways) is excluded and the
    /// other is said, and the refused pair is not asked again.
    func testOfTwoAvoidsTheServerTakesOneAndTheLegSaysTheOther() throws {
        let engine = try engine(RouteProfile(avoid: [.motorways, .ferries]))
        let ferry = try engine.leg(from: AvoidExtract.Case.ferry.from, to: AvoidExtract.Case.ferry.to)
        XCTAssertTrue(takesShortcut(.ferry, ferry))
        XCTAssertEqual(ferry.unavoided, [.ferries])
        XCTAssertTrue(engine.exclusions.refused([.motorways, .ferries]))
        XCTAssertFalse(engine.exclusions.refused([.motorways]))
        let motorway = try engine.leg(from: AvoidExtract.Case.motorway.from, to: AvoidExtract.Case.motorway.to)
        XCTAssertFalse(takesShortcut(.motorway, motorway))
        XCTAssertEqual(motorway.unavoided, [.ferries])
    }

    /// A server whose profile excludes nothing answers `exclude` with an error: the leg is asked again without,
    /// takes what was to be avoided and says so; the engine (and its copies) asks no excluded set again.
    func testAServerWithoutClassesRoutesAnywayAndSaysWhatItDidNotAvoid() throws {
        let engine = try engine(RouteProfile(avoid: [.ferries, .tolls]), classes: false)
        let place = AvoidExtract.Case.ferry
        let url = try XCTUnwrap(engine.requestURL(from: place.from, to: place.to, excluding: [.ferries]))
        let (status, body) = try HTTPGet.fetch(url)
        XCTAssertEqual(status, 400)
        XCTAssertEqual(String(decoding: body, as: UTF8.self),
                       #"{"message":"Exclude flag combination is not supported.","code":"InvalidValue"}"#)
        let leg = try engine.leg(from: place.from, to: place.to)
        XCTAssertTrue(takesShortcut(place, leg))
        XCTAssertEqual(leg.unavoided, [.ferries, .tolls])
        for avoids in [[Avoid.ferries, .tolls], [.ferries], [.tolls]] {
            XCTAssertTrue(engine.exclusions.refused(avoids), "\(avoids)")
        }
        let copy = engine
        let toll = try copy.leg(from: AvoidExtract.Case.toll.from, to: AvoidExtract.Case.toll.to)
        XCTAssertTrue(takesShortcut(.toll, toll))
        XCTAssertEqual(toll.unavoided, [.ferries, .tolls])
        // The same avoids on the server with classes: the pair refused, ferries (first in the avoids' order)
        // excluded alone, tolls said.
        let withClasses = try self.engine(RouteProfile(avoid: [.ferries, .tolls])).leg(from: place.from, to: place.to)
        XCTAssertFalse(takesShortcut(place, withClasses))
        XCTAssertEqual(withClasses.unavoided, [.tolls])
    }

    /// The server routes for its own car: a 3 m campervan goes under the 2.5 m bridge, and the leg says whose
    /// vehicle it was routed for; an electric car is a car.
    func testASizeOrAnotherVehicleIsTheServersOwnProfile() throws {
        let place = AvoidExtract.Case.underpass
        let campervan = try engine(RouteProfile(vehicle: .campervan, heightM: 3)).leg(from: place.from, to: place.to)
        XCTAssertTrue(takesShortcut(place, campervan))
        XCTAssertTrue(campervan.ownProfile)
        XCTAssertTrue(try engine(RouteProfile(vehicle: .motorcycle)).leg(from: place.from, to: place.to).ownProfile)
        XCTAssertTrue(try engine(RouteProfile(vehicle: .campervan)).leg(from: place.from, to: place.to).ownProfile)
        XCTAssertFalse(try engine(RouteProfile(vehicle: .ev)).leg(from: place.from, to: place.to).ownProfile)
        XCTAssertFalse(try engine(RouteProfile(topSpeedKmh: 90)).leg(from: place.from, to: place.to).ownProfile)
    }

    /// OSRM's car drives the motorway at 90 km/h and the main road at 65: at a top speed of 50 every segment takes
    /// its time at 50. The table, which has no segments, caps each leg's average.
    func testATopSpeedCapsEachFasterSegment() throws {
        let place = AvoidExtract.Case.motorway
        let own = try engine(.standard).leg(from: place.from, to: place.to)
        let capped = try engine(RouteProfile(topSpeedKmh: 50)).leg(from: place.from, to: place.to)
        XCTAssertEqual(capped.distanceKm, own.distanceKm)
        XCTAssertEqual(capped.geometry, own.geometry)
        XCTAssertLessThan(own.durationSeconds, own.distanceKm / 60 * 3600)
        XCTAssertEqual(capped.durationSeconds, capped.distanceKm / 50 * 3600, accuracy: 2)
        // At 70 only the motorway is slowed: the main road keeps its 65.
        let seventy = try engine(RouteProfile(topSpeedKmh: 70)).leg(from: place.from, to: place.to)
        let motorwayKm = place.shortcutKm
        XCTAssertEqual(seventy.durationSeconds, motorwayKm / 70 * 3600 + (own.distanceKm - motorwayKm) / 65 * 3600, accuracy: 20)
        let averageCapped = RouteProfile(topSpeedKmh: 70).capped(km: own.distanceKm, seconds: own.durationSeconds)
        XCTAssertGreaterThan(seventy.durationSeconds, averageCapped + 10, "more than the leg's average capped")

        let stops = [place.from, place.to]
        let table = try engine(RouteProfile(topSpeedKmh: 50)).table(stops)
        let ownTable = try engine(.standard).table(stops)
        let cell = try XCTUnwrap(table[0, 1]), ownCell = try XCTUnwrap(ownTable[0, 1])
        XCTAssertEqual(cell.distanceKm, ownCell.distanceKm)
        XCTAssertEqual(cell.durationSeconds, cell.distanceKm / 50 * 3600, accuracy: 1e-6)
    }

    func testTheTableExcludesAsTheLegsDo() throws {
        let place = AvoidExtract.Case.ferry
        let stops = [place.from, place.to]
        let avoiding = try engine(RouteProfile(avoid: [.ferries]))
        let cell = try XCTUnwrap(try avoiding.table(stops)[0, 1])
        let leg = try avoiding.leg(from: place.from, to: place.to)
        XCTAssertEqual(cell.distanceKm, leg.distanceKm, accuracy: 0.01)
        XCTAssertGreaterThan(cell.distanceKm, 100, "round the lake")
        let plain = try engine(RouteProfile(avoid: [.ferries]), classes: false)
        let ferryCell = try XCTUnwrap(try plain.table(stops)[0, 1])
        XCTAssertLessThan(ferryCell.distanceKm, cell.distanceKm - 100, "over the ferry")
        XCTAssertTrue(plain.exclusions.refused([.ferries]))
    }
}
