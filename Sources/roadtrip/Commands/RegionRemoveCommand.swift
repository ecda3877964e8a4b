import ArgumentParser
import Foundation
import RoadtripCore

/// `roadtrip region remove NAME [--yes]`: deletes an installed region's folder, a damaged one too.
struct RegionRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Delete an installed region (asks first unless --yes).")

    @Argument(help: "The region's name (see region list).") var name: String
    @Flag(name: .long, help: "Do not ask for confirmation.") var yes = false
    @OptionGroup var regions: RegionDirectoryOption

    func run() throws {
        let directory = try regions.checked()
        // Only a name `region list` shows: a folder of the regions folder, never `..` or a path.
        let installed = InstalledRegions.scan(directory)
        guard installed.regions.contains(where: { $0.name == name }) || installed.problems[name] != nil else {
            throw CLIFailure.user("no region \"\(TerminalSafe.line(name))\" in \(TerminalSafe.line(directory.path)) (see roadtrip region list)")
        }
        let folder = directory.appendingPathComponent(name)
        let question = "Delete the region \(TerminalSafe.line(name)) (\(RegionFormat.bytes(RegionFormat.size(of: folder))))?"
        guard try Confirmation.confirmed(yes, question: question) else { return }
        do {
            try BuildBeside.remove(folder)
        } catch {
            throw CLIFailure.data("cannot delete \(TerminalSafe.line(folder.path)): \(FileErrorReason.of(error))")
        }
        print("Deleted the region \(TerminalSafe.line(name)).")
    }
}
