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
        guard RegionName.isValid(name) else { throw CLIFailure.user(RegionBuildError.badName(name).description) }
        let installed = InstalledRegions.scan(regions.url)
        let folder = regions.url.appendingPathComponent(name)
        guard installed.regions.contains(where: { $0.folder.lastPathComponent == name }) || installed.problems[name] != nil else {
            throw CLIFailure.user("no region \"\(TerminalSafe.line(name))\" in \(TerminalSafe.line(regions.url.path)) (see roadtrip region list)")
        }
        let question = "Delete the region \(TerminalSafe.line(name)) (\(RegionFormat.bytes(RegionFormat.size(of: folder))))?"
        guard try Confirmation.confirmed(yes, question: question) else { return }
        do {
            try BuildBeside.remove(folder)
        } catch {
            throw CLIFailure.data("cannot delete \(folder.path): \(error.localizedDescription)")
        }
        print("Deleted the region \(TerminalSafe.line(name)).")
    }
}
