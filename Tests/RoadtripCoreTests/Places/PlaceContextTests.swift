import XCTest
@testable import RoadtripCore

/// Ranking with a previous stop, on the real data: the namesake near the trip comes first, a big city far
/// away still wins when nothing near matches (issue 10).
final class PlaceContextTests: XCTestCase {
    private var index: PlaceIndex!

    override func setUpWithError() throws {
        index = try BundledPlaces.index()
    }

    private typealias Point = (latitude: Double, longitude: Double)
    private let westYellowstone: Point = (44.662, -111.104), porto: Point = (41.150, -8.611)
    private let losAngeles: Point = (34.052, -118.244), toronto: Point = (43.651, -79.383)
    private let miami: Point = (25.762, -80.192), chicago: Point = (41.878, -87.630)
    private let boston: Point = (42.360, -71.059), kansasCity: Point = (39.100, -94.578)
    private let seattle: Point = (47.606, -122.332), dallas: Point = (32.777, -96.797)
    private let london: Point = (51.507, -0.128), detroit: Point = (42.331, -83.046)
    private let paris: Point = (48.857, 2.352), vancouver: Point = (49.283, -123.121)
    private let edinburgh: Point = (55.953, -3.188), adelaide: Point = (-34.929, 138.601)
    private let washington: Point = (38.907, -77.037), sanFrancisco: Point = (37.775, -122.419)
    private let sydney: Point = (-33.869, 151.209), leeds: Point = (53.801, -1.549)
    private let caracas: Point = (10.481, -66.904), madrid: Point = (40.417, -3.704)
    private let buenosAires: Point = (-34.604, -58.382), seville: Point = (37.389, -5.984)
    private let managua: Point = (12.114, -86.236), cairo: Point = (30.044, 31.236)
    private let karachi: Point = (24.861, 67.010), bangalore: Point = (12.972, 77.595)
    private let atlanta: Point = (33.749, -84.388), manchester: Point = (53.481, -2.243)
    private let monterey: Point = (36.600, -121.895), laPaz: Point = (-16.500, -68.150)
    private let portlandOR: Point = (45.515, -122.679), calgary: Point = (51.045, -114.057)
    private let columbus: Point = (39.961, -82.999), belfast: Point = (54.597, -5.930)
    private let auckland: Point = (-36.848, 174.763), halifax: Point = (44.649, -63.576)
    private let melbourne: Point = (-37.814, 144.963), beirut: Point = (33.894, 35.502)
    private let tunis: Point = (36.806, 10.182), guanajuato: Point = (21.019, -101.257)
    private let memphis: Point = (35.150, -90.049), tampa: Point = (27.951, -82.457)
    private let helsinki: Point = (60.170, 24.938), beijing: Point = (39.904, 116.407)
    private let osaka: Point = (34.694, 135.502), paramaribo: Point = (5.852, -55.204)

    /// (query, previous stop, expected first answer's label start).
    private var cases: [(String, Point, String)] {
        [
            ("jackson", westYellowstone, "Jackson, Wyoming, US"),
            ("gardiner", westYellowstone, "Gardiner, Montana, US"),
            ("santiago", porto, "Santiago de Compostela, Galicia, ES"),
            ("tokyo", losAngeles, "Tokyo, JP"),
            ("kingston", toronto, "Kingston, Ontario, CA"),
            ("kingston", miami, "Kingston, JM"),
            ("st louis", chicago, "St. Louis, Missouri, US"),
            ("springfield", chicago, "Springfield, Illinois, US"),
            ("springfield", boston, "Springfield, Massachusetts, US"),
            ("springfield", kansasCity, "Springfield, Missouri, US"),
            ("portland", seattle, "Portland, Oregon, US"),
            ("portland", boston, "Portland, Maine, US"),
            ("paris", dallas, "Paris, Texas, US"),
            ("paris", london, "Paris, Île-de-France, FR"),
            ("london", detroit, "London, Ontario, CA"),
            ("london", paris, "London, England, GB"),
            ("cambridge", boston, "Cambridge, Massachusetts, US"),
            ("cambridge", london, "Cambridge, England, GB"),
            ("victoria", vancouver, "Victoria, British Columbia, CA"),
            ("perth", edinburgh, "Perth, Scotland, GB"),
            ("perth", adelaide, "Perth, Western Australia, AU"),
            ("richmond", washington, "Richmond, Virginia, US"),
            ("richmond", sanFrancisco, "Richmond, California, US"),
            ("newcastle", sydney, "Newcastle, New South Wales, AU"),
            ("newcastle", leeds, "Newcastle upon Tyne, England, GB"),
            ("valencia", caracas, "Valencia, Carabobo, VE"),
            ("valencia", madrid, "Valencia, ES"),
            ("cordoba", buenosAires, "Córdoba, AR"),
            ("cordoba", seville, "Córdoba, Andalusia, ES"),
            ("san jose", sanFrancisco, "San Jose, California, US"),
            ("san jose", managua, "San José, CR"),
            ("alexandria", cairo, "Alexandria, EG"),
            ("alexandria", washington, "Alexandria, Virginia, US"),
            ("hyderabad", karachi, "Hyderabad, Sindh, PK"),
            ("hyderabad", bangalore, "Hyderabad, Telangāna, IN"),
            ("birmingham", atlanta, "Birmingham, Alabama, US"),
            ("birmingham", manchester, "Birmingham, England, GB"),
            ("santa cruz", monterey, "Santa Cruz, California, US"),
            ("santa cruz", laPaz, "Santa Cruz de la Sierra, Santa Cruz Department, BO"),
            ("vancouver", portlandOR, "Vancouver, Washington, US"),
            ("vancouver", calgary, "Vancouver, British Columbia, CA"),
            ("dublin", columbus, "Dublin, Ohio, US"),
            ("dublin", belfast, "Dublin, Leinster, IE"),
            ("hamilton", auckland, "Hamilton, Waikato Region, NZ"),
            ("hamilton", toronto, "Hamilton, Ontario, CA"),
            ("toledo", madrid, "Toledo, Castille-La Mancha, ES"),
            ("toledo", detroit, "Toledo, Ohio, US"),
            ("sydney", halifax, "Sydney, Nova Scotia, CA"),
            ("sydney", melbourne, "Sydney, New South Wales, AU"),
            ("tripoli", beirut, "Tripoli, Liban-Nord, LB"),
            ("tripoli", tunis, "Tripoli, LY"),
            ("leon", guanajuato, "León de los Aldama, Guanajuato, MX"),
            ("leon", madrid, "León, Castille and León, ES"),
            ("jackson", memphis, "Jackson, Tennessee, US"),
            ("st petersburg", tampa, "St. Petersburg, Florida, US"),
            ("st petersburg", helsinki, "Saint Petersburg, St.-Petersburg, RU"),
            ("georgetown", paramaribo, "Georgetown, Demerara-Mahaica, GY"),
            ("tokyo", beijing, "Tokyo, JP"),
            ("東京", osaka, "Tokyo, JP"),
        ]
    }

    func testTheNamesakeNearThePreviousStopComesFirst() {
        var wrong: [String] = []
        for (query, point, expected) in cases {
            let got = index.query(query, limit: 5, near: point).first?.place.label ?? "nothing"
            if !got.hasPrefix(expected) { wrong.append("\(query) from \(point): \(got), want \(expected)") }
        }
        XCTAssertGreaterThanOrEqual(cases.count, 40)
        XCTAssertEqual(wrong, [])
    }
}
