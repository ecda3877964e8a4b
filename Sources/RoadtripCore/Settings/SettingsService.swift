import Foundation

/// Puts settings in force for the whole run, in one call every writer makes (`apply`): the values every screen
/// reads (`LiveSettings`, with the command line's overrides for this run kept over them), the router chosen
/// again, and every screen told (`.settingsChanged`).
public final class SettingsService {
    public let live: LiveSettings
    /// What the command line set for this run only (`--units`, `--router`).
    public let overrides: SettingsOverrides
    private let routes: RouteService
    private let feed: ChangeFeed

    public init(live: LiveSettings, overrides: SettingsOverrides, routes: RouteService, feed: ChangeFeed) {
        self.live = live
        self.overrides = overrides
        self.routes = routes
        self.feed = feed
    }

    /// `settings` (a file's, as read) with this run's overrides become the settings in force.
    public func apply(_ settings: Settings) {
        live.current = overrides.applied(to: settings)
        routes.settingsDidChange()
        feed.publish(.settingsChanged)
    }
}
