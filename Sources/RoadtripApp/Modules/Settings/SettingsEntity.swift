import RoadtripCore

extension SettingKey {
    /// The values Enter steps through, for a key that takes one of a few words; nil for a typed value.
    var choices: [String]? {
        switch self {
        case .units: return DistanceUnit.allCases.map(\.rawValue)
        case .router: return Settings.RouterKind.allCases.map(\.rawValue)
        default: return nil
        }
    }
}

/// Changing a setting in a run that was given no settings file (tests, tools).
struct NoSettingsFile: Error, CustomStringConvertible {
    var description: String { "this run has no settings file; nothing was changed" }
}
