import Foundation

/// Puts settings in force for the whole run, in one call every writer makes (`apply`): the values every screen
/// reads (`LiveSettings`, with the command line's overrides for this run kept over them), the router chosen
/// again, and every screen told (an arrival of `.settings` at the late-data door).
public final class SettingsService {
    public let live: LiveSettings
    /// What the command line set for this run only (`--units`, `--router`).
    public let overrides: SettingsOverrides
    private let routes: RouteService
    private let late: LateData

    public init(live: LiveSettings, overrides: SettingsOverrides, routes: RouteService, late: LateData) {
        self.live = live
        self.overrides = overrides
        self.routes = routes
        self.late = late
    }

    /// `settings` (a file's, as read) with this run's overrides become the settings in force. On the loop.
    public func apply(_ settings: Settings) {
        live.current = overrides.applied(to: settings)
        routes.enginesMayHaveChanged()
        late.changedOnLoop(.settings)
    }
}
