import Foundation

/// The router the settings ask for: nil for the estimate (computed in place, never queued).
public enum Routers {
    public static func make(_ settings: Settings) -> RoadRouter? {
        switch settings.router {
        case .estimate, .osrm, .routino:
            return nil
        }
    }
}
