import XCTest
@testable import RoadtripCore

/// The real gazetteer, loaded once for all tests that need it: mapped from its index, as commands and the app read
/// it (built into a scratch cache on first use), and built in memory, as the index is made.
enum BundledPlaces {
    static let cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-places-cache-\(getpid())")
    private static let mapped: Result<PlaceIndex, Error> = Result { try PlaceIndex.openBundled(cacheDirectory: cacheDirectory) }
    private static let built: Result<PlaceIndex, Error> = Result { try PlaceIndex.loadBundled() }

    static func index() throws -> PlaceIndex {
        try mapped.get()
    }

    static func builtIndex() throws -> PlaceIndex {
        try built.get()
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
