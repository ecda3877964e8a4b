/// What the command line set for this run only (`--units`, `--router`): kept over the settings file's values,
/// also after the Settings screen changes the file.
public struct SettingsOverrides: Equatable {
    public var units: DistanceUnit?
    public var router: Settings.RouterKind?

    public init(units: DistanceUnit? = nil, router: Settings.RouterKind? = nil) {
        self.units = units
        self.router = router
    }

    /// `settings` as this run uses them.
    public func applied(to settings: Settings) -> Settings {
        var settings = settings
        if let units { settings.units = units }
        if let router { settings.router = router }
        return settings
    }

    /// "--units mi" when this run overrides `key`.
    public func flag(for key: SettingKey) -> String? {
        switch key {
        case .units: return units.map { "--units \($0.rawValue)" }
        case .router: return router.map { "--router \($0.rawValue)" }
        default: return nil
        }
    }

    /// Every override in force, in the keys' order.
    public var flags: [String] { SettingKey.allCases.compactMap(flag(for:)) }
}
