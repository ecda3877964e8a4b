@testable import RoadtripApp
import RoadtripCore
import XCTest

/// What each engine is said not to honour (issue 37): Routino has no toll property, the estimate knows no roads
/// but the water's way round, OSRM has no unpaved class and keeps its server's profile; `auto` is Routino in a
/// region and OSRM, or the estimate, elsewhere.
final class EngineLimitTextTests: XCTestCase {
    private func note(_ router: Settings.RouterKind, _ avoid: [Avoid], height: Double = 0, osrmSet: Bool = false) -> String? {
        var settings = Settings()
        (settings.router, settings.avoid, settings.heightM, settings.osrmURLIsSet) = (router, avoid, height, osrmSet)
        return EngineLimitText.note(settings)
    }

    func testEachEngineSaysWhatItCannotHonour() {
        XCTAssertNil(note(.routino, [.motorways, .ferries, .unpaved], height: 3))
        XCTAssertEqual(note(.routino, Avoid.allCases), "Routino cannot avoid tolls")
        XCTAssertNil(note(.estimate, [.ferries]), "the estimate takes the way round the water")
        XCTAssertEqual(note(.estimate, Avoid.allCases, height: 3),
                       "the estimate cannot avoid motorways, tolls or unpaved roads, nor keep to the height, width and weight")
        XCTAssertNil(note(.osrm, [.motorways, .ferries, .tolls]))
        XCTAssertEqual(note(.osrm, [], height: 3), "OSRM cannot keep to the height, width and weight")
        XCTAssertEqual(note(.auto, [.motorways, .tolls]),
                       "Routino cannot avoid tolls; the estimate cannot avoid motorways or tolls")
        XCTAssertEqual(note(.auto, [.tolls, .unpaved], osrmSet: true),
                       "Routino cannot avoid tolls; OSRM cannot avoid unpaved roads")
    }
}
