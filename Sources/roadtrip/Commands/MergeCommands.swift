import ArgumentParser
import Foundation
import RoadtripCore

/// `roadtrip merge FILE`: another copy of the trips file merged in (`TripMerge`), as the app folds a sync tool's
/// conflict copy; such a copy beside the data file is then kept in the backups folder.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge another copy of the trips file (another machine's, a sync conflict copy) into yours.",
        discussion: """
            Every edit of both copies is kept: per field the later edit wins, and a value that lost to one made \
            on the other machine without seeing it is kept as a conflict on its trip (roadtrip show TRIP). \
            A sync tool's conflict copy beside your file is moved into the backups folder after it; any other \
            file is left where it is. A file from a newer roadtrip is refused.
            """)

    @OptionGroup var data: DataOptions
    @Argument(help: "The other copy.") var file: String
    @Flag(name: .long, help: "Say what would change, and change nothing.") var dryRun = false

    func run() throws {
        let url = URL(fileURLWithPath: file)
        let other: MergeDocument
        do {
            other = try MergeDocument.read(contentsOf: url)
        } catch {
            throw CLIFailure.user("\(TerminalSafe.line(file)): \(error)")
        }
        let store = try data.openStore()
        let before = store.trips
        if dryRun {
            let merged = TripMerge.merge(MergeDocument(trips: store.trips, ledger: store.ledger), other)
            print("\(TerminalSafe.line(file)): would merge: \(MergeSummary(from: before, to: merged.trips))")
            return
        }
        try failing {
            try store.merge(other)
            try store.save()
        }
        var line = "\(TerminalSafe.line(file)): merged: \(MergeSummary(from: before, to: store.trips))"
        let beside = url.standardizedFileURL.deletingLastPathComponent().path
            == URL(fileURLWithPath: store.resolvedPath).deletingLastPathComponent().path
        if beside, ConflictCopies.tool(ofCopyNamed: url.lastPathComponent,
                                       of: URL(fileURLWithPath: store.resolvedPath).lastPathComponent) != nil {
            let kept = try failing { try store.keep(url) }
            line += "; kept in \(TerminalSafe.line(kept.path))"
        }
        print(line)
    }
}

/// `roadtrip merge-file %O %A %B`: git's merge driver for the trips file (`roadtrip git-setup` installs it). Merges
/// B into A and writes the result to A; the ancestor O is not needed (the file's stamps say what is newer).
struct MergeFileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-file",
        abstract: "git's merge driver for the trips file: merge THEIRS into OURS, in place.",
        discussion: """
            Set up by roadtrip git-setup. Exits 0 with the merged file written to OURS; 1 (OURS untouched) when \
            either side cannot be read, and git then reports a conflict. Clashes are kept as conflicts on their \
            trips, never as conflict markers.
            """)

    @Argument(help: "The common ancestor (%O), which a state merge does not need.") var ancestor: String
    @Argument(help: "Ours (%A): the merge is written here.") var ours: String
    @Argument(help: "Theirs (%B).") var theirs: String

    func run() throws {
        func read(_ path: String) throws -> MergeDocument {
            do {
                return try MergeDocument.read(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw CLIFailure.user("\(TerminalSafe.line(path)): \(error)")
            }
        }
        let (mine, other) = (try read(ours), try read(theirs))
        let merged = TripMerge.merge(mine, other)
        let bytes = try failing { try TripDocument.encode(TripDocument(trips: merged.trips, ledger: merged.ledger)) }
        do {
            try bytes.write(to: URL(fileURLWithPath: ours), options: .atomic)
        } catch {
            throw CLIFailure.data("\(TerminalSafe.line(ours)): cannot be written (\((error as NSError).localizedDescription))")
        }
    }
}
