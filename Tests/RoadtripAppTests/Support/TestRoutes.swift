import RoadtripCore
import RoadtripTestSupport

/// The route service and settings the presenters get in tests: the estimate only, answers at once.
enum TestRoutes {
    static func estimate(_ settings: LiveSettings = LiveSettings(Settings())) -> RouteService {
        RouteService(settings: { settings.current }, makeEngine: { _ in nil }, cache: nil, water: TestWater.shared)
    }

    static func settings(_ unit: DistanceUnit = .km) -> LiveSettings {
        var settings = Settings()
        settings.units = unit
        return LiveSettings(settings)
    }
}
