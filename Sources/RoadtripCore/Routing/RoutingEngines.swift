import Foundation

/// The engine the settings ask for: nil for the estimate (computed in place, never queued).
public enum RoutingEngines {
    public static func make(_ settings: Settings) -> RoutingEngine? {
        switch settings.router {
        case .estimate:
            return nil
        case .osrm:
            // A URL that does not parse still gets an engine: its legs then say why they are estimates.
            return OSRMEngine(baseURL: URL(string: settings.osrmURL) ?? URL(fileURLWithPath: settings.osrmURL))
        case .routino:
            let folder = settings.routinoDirectory.map { URL(fileURLWithPath: $0) } ?? RoutinoDatabase.defaultDirectory()
            return RoutinoEngine(databaseDirectory: folder)
        }
    }
}

extension LegCache: LegLookup {}
