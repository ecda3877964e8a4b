import Foundation
import RoadtripCore

/// The full-screen app's arguments, read without the command-line parser when they are plain: on the way to the first
/// frame, swift-argument-parser's reflection over every command and option was the largest part of the process's
/// own time. Only `--data PATH`, `--units VALUE`, `--router VALUE`, `--demo` and `--exit-after-first-frame`, each at
/// most once, are read here; anything else (a subcommand, `--help`, `--version`, an `=` form, an unknown, repeated or
/// missing option value, a value the option refuses) is declined and goes through the parser as before, so help and
/// errors stay the parser's. `RoadtripArgumentsTests` checks that whatever is read here, the parser reads alike.
struct FullScreenArguments: Equatable {
    var data: String?
    var units: DistanceUnit?
    var router: Settings.RouterKind?
    var demo = false
    var exitAfterFirstFrame = false

    init(data: String?, units: DistanceUnit?, router: Settings.RouterKind?, demo: Bool, exitAfterFirstFrame: Bool) {
        self.data = data
        self.units = units
        self.router = router
        self.demo = demo
        self.exitAfterFirstFrame = exitAfterFirstFrame
    }

    /// nil: not plain, for the parser.
    init?(plain arguments: [String]) {
        var seen: Set<String> = []
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard seen.insert(name).inserted else { return nil }
            switch name {
            case "--demo": demo = true
            case "--exit-after-first-frame": exitAfterFirstFrame = true
            case "--data", "--units", "--router":
                // A value that looks like an option is the parser's to judge.
                guard let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
                if name == "--data" {
                    data = value
                } else if name == "--units" {
                    guard let unit = DistanceUnit(rawValue: value) else { return nil }
                    units = unit
                } else {
                    guard let kind = Settings.RouterKind(rawValue: value) else { return nil }
                    router = kind
                }
            default: return nil
            }
        }
    }

    /// Starts the app on the settings file with this run's overrides.
    func run() throws {
        let file = SettingsFile(url: SettingsFile.defaultURL())
        let unit = SettingsOverrides(units: units, router: router)
        let (settings, problems) = file.load()
        try FullScreen.run(dataURL: demo ? try DemoData.scratchCopy() : DataLocation.resolve(explicit: data),
                           settings: unit.applied(to: settings), settingsFile: file, overrides: unit,
                           settingsProblems: problems, firstFrameOnly: exitAfterFirstFrame)
    }
}
