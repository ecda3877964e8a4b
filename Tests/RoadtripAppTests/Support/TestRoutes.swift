import RoadtripCore

/// The route service and settings the presenters get in tests: the estimate only, answers at once.
enum TestRoutes {
    static func estimate(_ settings: LiveSettings = LiveSettings(Settings())) -> RouteService {
        RouteService(settings: { settings.current }, makeEngine: { _ in nil }, cache: nil, feed: nil, deliver: { $0() })
    }

    static func settings(_ unit: DistanceUnit = .km) -> LiveSettings {
        var settings = Settings()
        settings.units = unit
        return LiveSettings(settings)
    }
}
