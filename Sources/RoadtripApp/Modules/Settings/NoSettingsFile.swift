/// Changing a setting in a run that was given no settings file (tests, tools).
struct NoSettingsFile: Error, CustomStringConvertible {
    var description: String { "this run has no settings file; nothing was changed" }
}
