import ArgumentParser
import Foundation
import RoadtripApp
import RoadtripCore

/// `roadtrip` with no subcommand starts the full-screen app; subcommands work on the same data through the
/// same interactors, for scripts and quick edits.
struct Roadtrip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roadtrip",
        abstract: "Plan road trips in the terminal.",
        discussion: """
            Data file: --data PATH, else $ROADTRIP_DATA, else $XDG_DATA_HOME/roadtrip/trips.json, \
            else ~/.local/share/roadtrip/trips.json.
            Exit codes: 0 ok, 1 user error, 2 data file problem.
            """,
        version: "roadtrip \(AppInfo.version)\n\(PlaceIndex.attribution)",
        subcommands: [
            ListCommand.self, ShowCommand.self, NewCommand.self, AddStopCommand.self, RemoveTripCommand.self,
            RemoveStopCommand.self, RenameCommand.self, MoveStopCommand.self, PlacesCommand.self,
        ]
    )

    @OptionGroup var data: DataOptions
    @OptionGroup var unit: UnitOptions
    @Flag(name: .long, help: "Open a scratch copy of sample trips; your own file is not touched.")
    var demo = false
    /// For the start-up benchmark: draw the first frame, then exit.
    @Flag(name: .long, help: .hidden) var exitAfterFirstFrame = false

    func run() throws {
        try FullScreen.run(dataURL: demo ? try DemoData.scratchCopy() : data.url, unit: unit.units,
                           firstFrameOnly: exitAfterFirstFrame)
    }
}

/// Parses, runs, and maps failures to the documented exit codes.
@main
enum Main {
    static func main() {
        do {
            var command = try Roadtrip.parseAsRoot()
            try command.run()
        } catch let failure as CLIFailure {
            FileHandle.standardError.write(Data("roadtrip: \(failure.message)\n".utf8))
            exit(failure.exitCode)
        } catch {
            let code = Roadtrip.exitCode(for: error)
            guard code != .success else { Roadtrip.exit(withError: error) }
            // Usage mistakes are user errors: exit 1, not ArgumentParser's 64.
            FileHandle.standardError.write(Data((Roadtrip.fullMessage(for: error) + "\n").utf8))
            exit(CLIFailure.userErrorCode)
        }
    }
}
