import Foundation

/// What the installed regions hold, read once: their places and POIs for the place search, their POIs and
/// outlines for the road (along the road, fuel gaps, the map). Immutable: a region added later is a new copy.
public struct RegionData: Sendable {
    public let installed: InstalledRegions
    public let places: RegionPlaceIndex
    public let pois: POIIndex

    /// Maps the regions' place search (`RegionPlaceIndex.load`, built on first use), which holds their POIs too. Never
    /// throws: what cannot be read is named in `places.skipped`, the other regions are used.
    public static func read(_ installed: InstalledRegions, cacheDirectory: URL? = nil) -> RegionData {
        let places = RegionPlaceIndex.load(installed, cacheDirectory: cacheDirectory)
        return RegionData(installed: installed, places: places, pois: POIIndex(places, installed: installed))
    }
}
