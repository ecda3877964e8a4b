import Foundation

/// The router the settings ask for: nil for the estimate (computed in place, never queued).
public enum Routers {
    public static func make(_ settings: Settings) -> RoadRouter? {
        switch settings.router {
        case .estimate:
            return nil
        case .osrm:
            // A URL that does not parse still gets a router: its legs then say why they are estimates.
            return OSRMRouter(baseURL: URL(string: settings.osrmURL) ?? URL(fileURLWithPath: settings.osrmURL))
        case .routino:
            let folder = settings.routinoDirectory.map { URL(fileURLWithPath: $0) } ?? RoutinoDatabase.defaultDirectory()
            return RoutinoRouter(databaseDirectory: folder)
        }
    }
}

extension LegCache: LegLookup {}
