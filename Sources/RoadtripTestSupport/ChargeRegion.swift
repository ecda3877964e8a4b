import Foundation
import RoadtripCore

/// `ChargeExtract` built into an installed region the way `region add` builds one (`RegionBuilder`: osmium,
/// planetsplitter), so its chargers, places and roads are what a user's region would hold.
public enum ChargeRegion {
    public static let name = "charge"

    /// Writes the extract into `scratch` and builds `regions/charge` from it.
    @discardableResult
    public static func install(into regions: URL, scratch: URL) throws -> InstalledRegion {
        let extract = try ChargeExtract.write(into: scratch)
        var builder = RegionBuilder(progress: .hidden)
        builder.osmium = try FjordExtract.osmium()
        builder.planetsplitter = try RoutingTools.routino("planetsplitter")
        return try builder.build(from: extract, name: name, in: regions).region
    }
}
