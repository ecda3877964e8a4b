import Foundation

/// The engine the settings ask for: nil for the estimate (computed in place, never queued).
public enum RoutingEngines {
    public static func make(_ settings: Settings) -> RoutingEngine? {
        switch settings.router {
        case .estimate:
            return nil
        case .osrm:
            return osrm(settings)
        case .routino:
            let folder = settings.routinoDirectory.map { URL(fileURLWithPath: $0) } ?? RoutinoDatabase.defaultDirectory()
            return RoutinoEngine(databaseDirectory: folder, route: settings.routeProfile)
        case .auto:
            return auto(settings, regions: InstalledRegions.scan())
        }
    }

    /// Router `auto` over `regions`; nil (the estimate) when no region is installed and no OSRM URL is set.
    public static func auto(_ settings: Settings, regions: InstalledRegions,
                            routinoExecutable: String = "routino-router") -> RoutingEngine? {
        let osrm = settings.osrmURLIsSet ? osrm(settings) : nil
        guard !regions.regions.isEmpty || osrm != nil else { return nil }
        return AutoEngine(regions: regions, fallback: osrm, routinoExecutable: routinoExecutable,
                          route: settings.routeProfile)
    }

    private static func osrm(_ settings: Settings) -> OSRMEngine {
        // A URL that does not parse still gets an engine: its legs then say why they are estimates.
        OSRMEngine(baseURL: URL(string: settings.osrmURL) ?? URL(fileURLWithPath: settings.osrmURL),
                   route: settings.routeProfile)
    }
}

extension LegCache: LegLookup {}
