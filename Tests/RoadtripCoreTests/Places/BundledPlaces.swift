import XCTest
@testable import RoadtripCore

/// The real gazetteer, loaded once for all tests that need it.
enum BundledPlaces {
    private static let loaded: Result<PlaceIndex, Error> = Result { try PlaceIndex.loadBundled() }

    static func index() throws -> PlaceIndex {
        try loaded.get()
    }
}

extension PlaceIndex {
    /// Labels of the first `limit` matches, for readable assertions.
    func first(_ text: String) -> Place? {
        query(text, limit: 10).first?.place
    }

    func labels(_ text: String, limit: Int = 10, near: (latitude: Double, longitude: Double)? = nil) -> [String] {
        query(text, limit: limit, near: near).map(\.place.label)
    }
}
