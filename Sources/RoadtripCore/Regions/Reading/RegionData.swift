/// What the installed regions hold, read once: their places and POIs for the place search, their POIs and
/// outlines for the road (along the road, fuel gaps, the map). Immutable: a region added later is a new copy.
public struct RegionData: Sendable {
    public let installed: InstalledRegions
    public let places: RegionPlaceIndex
    public let pois: POIIndex

    /// Reads every region of `installed`, each table once. Never throws: what cannot be read is named in
    /// `places.skipped` and `pois.problems`, the other regions are used.
    public static func read(_ installed: InstalledRegions) -> RegionData {
        let tables = RegionTables.read(installed)
        return RegionData(installed: installed, places: RegionPlaceIndex(tables, problems: installed.problems),
                          pois: POIIndex(tables))
    }
}
