import ArgumentParser
import Foundation
import RoadtripApp
import RoadtripCore
import TerminalUI

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
            Keys: `roadtrip help keys`, or ? in the app. Every command: `roadtrip help commands`, and after \
            `make install` `man roadtrip`. The manual is docs/guide.md in roadtrip's source; `make install` \
            also installs bash, zsh and fish completions (or: roadtrip --generate-completion-script bash).
            """,
        version: "roadtrip \(AppInfo.version)\n\(PlaceIndex.attribution)\n\(TimeZoneIndex.attribution)\n"
            + InstalledRegions.attribution,
        subcommands: [
            ListCommand.self, ShowCommand.self, NewCommand.self, AddStopCommand.self, RemoveTripCommand.self,
            RemoveStopCommand.self, RenameCommand.self, MoveStopCommand.self, PlacesCommand.self, ConfigCommand.self,
            RoutingDataCommand.self, RegionCommand.self,
            ImportCommand.self,
            ExportCommand.self, MapCommand.self, LinkCommand.self,
            SetDateCommand.self, SetStopCommand.self, SetTripCommand.self, NotesCommand.self, DuplicateCommand.self, ReverseCommand.self,
            OptimiseCommand.self, SuggestCommand.self, PaceCommand.self, ChargeCommand.self, AlongCommand.self, MergeCommand.self,
            MergeFileCommand.self, GitSetupCommand.self,
        ]
    )

    @OptionGroup var data: DataOptions
    @OptionGroup var unit: UnitOptions
    @Flag(name: .long, help: "Open a scratch copy of sample trips; your own file is not touched.")
    var demo = false
    /// For the start-up benchmark: draw the first frame, then exit.
    @Flag(name: .long, help: .hidden) var exitAfterFirstFrame = false

    var fullScreen: FullScreenArguments {
        FullScreenArguments(data: data.data, units: unit.unitsOverride, router: unit.routerOverride, demo: demo,
                            exitAfterFirstFrame: exitAfterFirstFrame)
    }

    func run() throws {
        try fullScreen.run()
    }
}

/// Parses, runs, and maps failures to the documented exit codes.
@main
enum Main {
    static func main() {
        do {
            if let topic = HelpTopics.text(for: Array(CommandLine.arguments.dropFirst())) {
                print(topic, terminator: "")
                finish(CLIFailure.successCode)
            }
            if let plain = FullScreenArguments(plain: Array(CommandLine.arguments.dropFirst())) {
                try plain.run()
                finish(CLIFailure.successCode)
            }
            var command = try Roadtrip.parseAsRoot()
            if !(command is Roadtrip) {
                // A closed pipe on stdout is an error to report (EPIPE), not a silent death by SIGPIPE.
                signal(SIGPIPE, SIG_IGN)
                // On a terminal the report of a crash goes to a file (CCrashReports): say where.
                CrashReports.announceCrashes(program: "roadtrip")
            }
            try command.run()
            finish(CLIFailure.successCode)
        } catch let failure as CLIFailure {
            Output.printError(failure.message)
            finish(failure.exitCode)
        } catch {
            let code = Roadtrip.exitCode(for: error)
            // Usage mistakes are user errors: exit 1, not ArgumentParser's 64. The message may quote what
            // was typed, escape sequences included: sanitised like everything else we print.
            let message = TerminalSafe.multiline(Roadtrip.fullMessage(for: error))
            if code == .success {
                print(message)
                finish(CLIFailure.successCode)
            }
            FileHandle.standardError.write(Data((message + "\n").utf8))
            finish(CLIFailure.userErrorCode)
        }
    }

    /// Exits with `code`, unless the output could not be written: then that is the failure.
    private static func finish(_ code: Int32) -> Never {
        if let failure = Output.flushFailure() {
            Output.printError(failure)
            exit(code == CLIFailure.successCode ? CLIFailure.dataErrorCode : code)
        }
        exit(code)
    }
}
