import ArgumentParser
import Foundation
import RoadtripCore

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Create a trip from a GPX, KML, KMZ or GeoJSON file.",
        discussion: """
            The format is told by the content. Route points (else waypoints, placemarks or points) become \
            stops in file order; a file with only a track becomes its start, its end and where it turns most \
            (at most \(TripImporter.trackStops)). Files over \(TripImporter.maxFileBytes / 1_048_576) MB are refused.
            """)

    @OptionGroup var data: DataOptions
    @Argument(help: "The file to read.") var file: String
    @Option(name: .long, help: "The new trip's name (default: the name in the file, else the file's name).")
    var name: String?

    func run() throws {
        // Read and check the file before opening the store: a bad file changes nothing.
        let imported: ImportedTrip
        do {
            imported = try TripImporter.read(contentsOf: URL(fileURLWithPath: file), name: name)
        } catch let error as ImportError {
            // Every message but "cannot read FILE" is about the file's content: it says which file.
            if case .unreadable = error { throw CLIFailure.user(error.description) }
            throw CLIFailure.user("\(TerminalSafe.line(file)): \(error.description)")
        }
        let store = try data.openStore()
        let change = try failing { try TripCatalog(repository: store).add(imported.trip) }
        print("\(TerminalSafe.line(change.done)): \(imported.summary)")
    }
}
