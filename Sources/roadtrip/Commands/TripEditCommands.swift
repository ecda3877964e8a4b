import ArgumentParser
import Foundation
import RoadtripCore

struct SetDateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-date", abstract: "Set or clear the day a trip starts.")

    @OptionGroup var data: DataOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Argument(help: "The first day, YYYY-MM-DD.") var date: String?
    @Flag(help: "Remove the start date: stops then arrive on Day 1, Day 2…") var clear = false

    func validate() throws {
        if (date == nil) == !clear { throw ValidationError("give a date (YYYY-MM-DD) or --clear") }
    }

    func run() throws {
        var start: CalendarDate?
        if let date {
            let trimmed = date.trimmingCharacters(in: .whitespaces)
            guard let parsed = CalendarDate(trimmed) else { throw CLIFailure.user(TerminalSafe.line(TripText.notADate(trimmed))) }
            start = parsed
        }
        let store = try data.openStore()
        let id = try failing { try TripCatalog(repository: store).find(trip) }
        let editor = TripEditor(tripID: id, repository: store)
        let change = try failing { try editor.setStartDate(start) }
        print(TerminalSafe.line(change.done))
    }
}

struct NotesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes", abstract: "Print a trip's notes, or replace them.",
        discussion: "Without TEXT, prints the notes. TEXT \"-\" reads them from standard input (its final line "
            + "breaks dropped); TEXT \"\" clears them.")

    /// More than the longest notes allowed can take in UTF-8: past it, stdin is not read further.
    static let stdinLimit = Limits.notesLength * 16

    @OptionGroup var data: DataOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Argument(help: "The new notes, or - to read them from standard input.") var text: String?

    func run() throws {
        let store = try data.openStore()
        let id = try failing { try TripCatalog(repository: store).find(trip) }
        let editor = TripEditor(tripID: id, repository: store)
        guard let text else {
            let notes = editor.trip?.notes ?? ""
            if !notes.isEmpty { print(TerminalSafe.multiline(notes)) }
            return
        }
        let notes = text == "-" ? try Self.readStandardInput() : text
        let change = try failing { try editor.setNotes(notes) }
        print(TerminalSafe.line(change.done) + (notes.isEmpty ? "" : " (\(TripText.count(notes.count, "character")))"))
    }

    private static func readStandardInput() throws -> String {
        var data = Data()
        while data.count <= stdinLimit {
            let chunk = FileHandle.standardInput.readData(ofLength: 64 * 1024)
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        guard data.count <= stdinLimit else {
            throw CLIFailure.user("the notes on standard input are too long; the limit is "
                                  + "\(DistanceUnit.grouped(Limits.notesLength)) characters")
        }
        guard var text = String(data: data, encoding: .utf8) else {
            throw CLIFailure.user("the notes on standard input are not UTF-8 text")
        }
        while text.last?.isNewline == true { text.removeLast() }
        return text
    }
}

struct DuplicateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicate", abstract: "Copy a trip with all its stops, under new ids.")

    @OptionGroup var data: DataOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Option(help: "The copy's name (default: \"NAME (copy)\").") var name: String?

    func run() throws {
        let store = try data.openStore()
        let catalog = TripCatalog(repository: store)
        let id = try failing { try catalog.find(trip) }
        let (copyID, change) = try failing { try catalog.duplicate(id, named: name) }
        print(TerminalSafe.line(change.done) + " (id \(copyID.uuidString))")
    }
}

struct ReverseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reverse", abstract: "Put a trip's stops in the opposite order.")

    @OptionGroup var data: DataOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String

    func run() throws {
        let store = try data.openStore()
        let id = try failing { try TripCatalog(repository: store).find(trip) }
        let editor = TripEditor(tripID: id, repository: store)
        let name = TerminalSafe.line(editor.trip?.name ?? "")
        let count = editor.trip?.waypoints.count ?? 0
        guard count > 1 else {
            print("Nothing to reverse: \"\(name)\" has \(TripText.count(count, "stop"))")
            return
        }
        let change = try failing { try editor.reverse() }
        let stops = editor.trip?.waypoints ?? []
        print(TerminalSafe.line(change.done + ": " + TripText.route(from: stops.first?.name, to: stops.last?.name)))
    }
}
