import Foundation
import RoadtripCore

/// `FjordExtract` installed as a region folder, written from its constants (independent of `region add`): the
/// manifest, `pois.tsv`, `places.tsv` and, when asked, the Routino database built from its PBF with planetsplitter.
public enum FjordRegion {
    /// Its points of interest as `pois.tsv` holds them.
    public static let pois: [RegionFeature] = [
        poi(1, FjordExtract.westTerminal, "ferry_terminal", .ferry), poi(2, FjordExtract.eastTerminal, "ferry_terminal", .ferry),
        poi(3, FjordExtract.campsite, "camp_site", .sleep), poi(4, FjordExtract.vestvikFuel, "fuel", .fuel),
        poi(5, FjordExtract.sorbyFuel, "fuel", .fuel), poi(6, FjordExtract.hotel, "hotel", .sleep),
        poi(7, FjordExtract.charger, "charging_station", .charge), poi(8, FjordExtract.viewpoint, "viewpoint", .see),
    ]

    /// Writes `regions/fjord/` and returns the region folder.
    @discardableResult
    public static func install(into regions: URL, routino: Bool = false) throws -> URL {
        let folder = regions.appendingPathComponent("fjord")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if routino {
            let pbf = try FjordExtract.write(into: regions.appendingPathComponent(".source"))
            try RoutinoDatabase.build(from: pbf, into: folder.appendingPathComponent("routino"), progress: .hidden,
                                      executable: try RoutingTools.routino("planetsplitter"))
        }
        try RegionTable.write(pois, to: folder.appendingPathComponent("pois.tsv"))
        let places = [FjordExtract.vestvik, FjordExtract.austvik, FjordExtract.midtre, FjordExtract.sorby].enumerated().map {
            RegionFeature(osmID: "n\(100 + $0.offset)", latitude: $0.element.latitude, longitude: $0.element.longitude,
                          kind: "village", name: $0.element.name)
        }
        try RegionTable.write(places, to: folder.appendingPathComponent("places.tsv"))
        let manifest = RegionManifest(name: "fjord", source: "/tests/fjord.osm.pbf", sourceBytes: 1,
                                      built: "2026-11-27T07:00:00Z",
                                      outline: RegionOutline(west: 4.9, south: 60.6, east: 5.3, north: 63.1),
                                      places: places.count, pois: pois.count)
        try JSONEncoder().encode(manifest).write(to: folder.appendingPathComponent(InstalledRegion.manifestName))
        return folder
    }

    private static func poi(_ id: Int, _ feature: FjordExtract.Feature, _ kind: String, _ category: POICategory) -> RegionFeature {
        // Where the extract puts the node (0.0003° north-east of the constant).
        RegionFeature(osmID: "n\(id)", latitude: feature.latitude + 0.0003, longitude: feature.longitude + 0.0003,
                      kind: kind, category: category, name: feature.name)
    }
}
