import ArgumentParser
import Foundation
import RoadtripCore

/// `roadtrip region list`: the installed regions, and the folders that are not usable with why.
struct RegionListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the installed regions (name, area, size on disk, when built, from which files).",
        discussion: "A damaged region folder is listed with its problem, and the exit code is 2.")

    @OptionGroup var regions: RegionDirectoryOption

    func run() throws {
        let installed = InstalledRegions.scan(try regions.checked())
        if installed.regions.isEmpty && installed.problems.isEmpty {
            print("No regions installed in \(TerminalSafe.line(installed.directory.path)). "
                + "Add one with: roadtrip region add FILE.osm.pbf")
            return
        }
        var rows = [["NAME", "AREA", "SIZE", "BUILT", "SOURCES"]]
        for region in installed.regions {
            let manifest = region.manifest
            rows.append([region.name, RegionFormat.area(manifest.outline.areaKm2),
                         RegionFormat.bytes(RegionFormat.size(of: region.folder)),
                         String(manifest.built.prefix(16)).replacingOccurrences(of: "T", with: " "),
                         manifest.sources.map { URL(fileURLWithPath: $0.path).lastPathComponent }.joined(separator: ", ")]
                .map(TerminalSafe.line))
        }
        if !installed.regions.isEmpty {
            let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                print(zip(row, widths).enumerated().map { column, cell in
                    column == row.count - 1 ? cell.0 : cell.0.padding(toLength: cell.1, withPad: " ", startingAt: 0)
                }.joined(separator: "  "))
            }
        }
        for (folder, problem) in installed.problems.sorted(by: { $0.key < $1.key }) {
            print("\(TerminalSafe.line(folder)): damaged: \(problem)")
        }
        if !installed.problems.isEmpty {
            throw CLIFailure.data("\(installed.problems.count == 1 ? "a region folder is" : "\(installed.problems.count) region folders are") "
                + "damaged and not used: rebuild with `roadtrip region add FILE --name NAME` or remove with `roadtrip region remove NAME`")
        }
    }
}
