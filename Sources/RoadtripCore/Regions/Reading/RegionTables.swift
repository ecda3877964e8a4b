import Foundation

/// One region's `places.tsv` and `pois.tsv`, each read once, for the regions' search index (`RegionPlaceIndex`,
/// which `POIIndex` reads too) where it is built.
struct RegionTables: Sendable {
    let region: InstalledRegion
    /// The features, or why the table was not read.
    let places: Result<[RegionFeature], TableFault>
    let pois: Result<[RegionFeature], TableFault>

    /// A table larger than this is refused (a region of Germany's size writes about 200 MB of POIs).
    static let largestTable = 1 << 30

    /// The tables of every region of `installed`, in its order.
    static func read(_ installed: InstalledRegions) -> [RegionTables] {
        installed.regions.map { region in
            RegionTables(region: region, places: read(region.placesFile), pois: read(region.poisFile))
        }
    }

    private static func read(_ url: URL) -> Result<[RegionFeature], TableFault> {
        let file = url.lastPathComponent
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        guard let size else { return .failure(TableFault(file: file, reason: "is missing")) }
        guard size <= largestTable else { return .failure(TableFault(file: file, reason: "is larger than 1 GB")) }
        do {
            return .success(try RegionTable.read(url))
        } catch let error as RegionTable.FormatError {
            return .failure(TableFault(file: file, reason: error.description))
        } catch {
            return .failure(TableFault(file: file, reason: "cannot be read (\(FileErrorReason.of(error)))"))
        }
    }
}

/// Why a table was not read: "pois.tsv is missing", "places.tsv line 3: the coordinates are not a valid position".
struct TableFault: Error, CustomStringConvertible {
    let file: String
    let reason: String
    var description: String { "\(file) \(reason)" }
}
