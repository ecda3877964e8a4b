import RoadtripCore
import TerminalUI

/// The top of a trip's screens (its stops, its days): the name with "read-only" beside it when changes cannot be
/// saved, the summary line, and the first line of the notes.
public struct TripHeader: Equatable {
    /// One fact of the summary line.
    public struct Fact: Equatable {
        public let text: String
        /// Kept on a narrow screen, where the others are left out: the stop count and the dates (which carry the
        /// year the arrival days leave out).
        public let kept: Bool
        /// Of the others, the lowest goes first (from the right among equals): the nights and days (the dates tell
        /// them), then when the trip arrives, then when it leaves, then the driving and the distance; a lower one
        /// still shows where a higher one did not fit.
        var rank = 3
    }

    public let title: String
    public let accessNote: String?
    /// What the trip is routed for when not a car taking every road: "campervan · no ferries" (`VehicleText.note`).
    public var vehicleNote: String?
    /// "7 stops", "≈3,945 km", "≈49 h 10 driving", "12 nights", "13 days", "12 Jun – 24 Jun 2027", and for a dated
    /// trip "leaves Sat 12 Jun 09:00 UTC−5", "arrives Mon 21 Jun 19:40 UTC−7" (the first to go when narrow)
    public let facts: [Fact]
    /// The trip's notes, first line only.
    public let notesPreview: String?
    /// Whether the notes go on after that line: the line ends with "…".
    public let notesContinue: Bool

    /// The whole summary line.
    public var summary: String { facts.map(\.text).joined(separator: Self.separator) }

    /// The header of `trip`: `routing` adds "routing…" while real legs are on their way; each of `spans` (legs
    /// across regions not merged) a fact placed before the other optional ones; `settings` (the trip's) the vehicle's
    /// note; `cost` the total's facts (`costFacts`).
    static func of(_ trip: Trip, _ itinerary: Itinerary, _ unit: DistanceUnit, access: StoreAccess,
                   routing: Bool, spans: [RegionSpan] = [], settings: Settings = Settings(),
                   cost: TripCost? = nil) -> TripHeader {
        let facts = TripText.summaryFacts(trip, itinerary, unit)
        // Where `summaryFacts` puts the days and the nights (the dates tell them): before the dates, or last. Found by
        // place, not by reading each fact's words on every key.
        let days = trip.waypoints.isEmpty ? nil : facts.count - (trip.startDate == nil ? 1 : 2)
        let nights = itinerary.nights > 0 ? days.map { $0 - 1 } : nil
        var shown = facts.enumerated().map { index, text in
            Fact(text: text, kept: index == 0 || (index == facts.count - 1 && trip.startDate != nil),
                 rank: index == days || index == nights ? 0 : 3)
        }
        shown += costFacts(cost, drives: !itinerary.legs.isEmpty)
        shown += zip(clockFacts(trip, itinerary), [2, 1]).map { Fact(text: $0, kept: false, rank: $1) }
        shown += spans.map { Fact(text: "≈ " + TerminalSafe.line($0.summary), kept: false, rank: 4) }
        if routing { shown.append(Fact(text: "routing…", kept: true)) }
        let notes = notesPreview(trip.notes)
        return TripHeader(title: trip.name, accessNote: access == .readWrite ? nil : "read-only",
                          vehicleNote: VehicleText.note(settings), facts: shown,
                          notesPreview: notes.map { String($0.line) }, notesContinue: notes?.more ?? false)
    }

    /// The first line of `notes` that is not blank, and whether another follows. Cut at each LF on the bytes (the CR
    /// of a CRLF dropped), and only lines up to the second that is not blank read as text: splitting all the notes
    /// into Characters was 16 k instructions a header, made on every key of the trip screen.
    static func notesPreview(_ notes: String) -> (line: Substring, more: Bool)? {
        var lines = notes.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).lazy
            .map { line in Substring(line.last == UInt8(ascii: "\r") ? line.dropLast() : line) }
            .filter { !$0.allSatisfy(\.isWhitespace) }
            .makeIterator()
        guard let first = lines.next() else { return nil }
        return (first, lines.next() != nil)
    }

    /// When a dated trip leaves its first stop and reaches its last, each on its stop's clock (with the zone where
    /// the trip crosses zones): "leaves Sat 12 Jun 09:00 UTC−5", "arrives Mon 21 Jun 19:40 UTC−7".
    static func clockFacts(_ trip: Trip, _ itinerary: Itinerary) -> [String] {
        guard trip.startDate != nil, let leaves = itinerary.arrivals.first?.departureLocal,
              let arrives = itinerary.arrivals.last?.local else { return [] }
        let year = TripText.datesNeedYear(trip, itinerary), zones = itinerary.crossesZones
        return [("leaves", leaves), ("arrives", arrives)].map { word, time in
            "\(word) \(ScreenClock.day(time, itinerary, start: trip.startDate, year: year)) \(ClockText.time(time, zone: zones))"
        }
    }

    /// What the trip costs when any of it is known, before the other optional facts where it fits: "≈ €412", with
    /// "+ fuel ?" when the fuel's price or consumption is not known on a trip that drives and "+ tolls ?" for a tolled
    /// leg without a price; then "€206 each" among several travellers.
    static func costFacts(_ cost: TripCost?, drives: Bool) -> [Fact] {
        guard let cost, let total = cost.total else { return [] }
        var text = "≈ " + CostText.amount(total, cost.currency)
        if drives && cost.fuel == nil { text += " + fuel ?" }
        if cost.tollsUnknown { text += " + tolls ?" }
        var facts = [Fact(text: text, kept: false, rank: 5)]
        if cost.travellers > 1, let each = cost.perTraveller {
            facts.append(Fact(text: CostText.amount(each, cost.currency) + " each", kept: false, rank: 4))
        }
        return facts
    }

    /// Draws the header at the top of `area`; returns the rows it took.
    func draw(on terminal: Terminal, in area: Rect) -> Int {
        let width = area.columns - 2, x = area.column + 1
        var titleWidth = width
        let notes = [vehicleNote, accessNote].compactMap { $0 }
        if !notes.isEmpty {
            // The name keeps half the line, or what it needs of more.
            let note = notes.joined(separator: Self.separator)
            let noteWidth = min(TextWidth.width(note), max(width / 2, width - TextWidth.width(title) - 2))
            terminal.draw(note, row: area.row, column: area.right - 1 - noteWidth, width: noteWidth, attributes: .muted)
            titleWidth -= noteWidth + 2
        }
        terminal.draw(title, row: area.row, column: x, width: titleWidth, attributes: .title)
        terminal.draw(Self.summaryLine(facts, width: width), row: area.row + 1, column: x, width: width,
                      attributes: .muted)
        guard let notesPreview else { return 2 }
        let more = terminal.symbols.ellipsis
        terminal.draw("Notes: " + notesPreview + (notesContinue ? " " + more : ""), row: area.row + 2, column: x,
                      width: width, attributes: .muted)
        return 3
    }

    /// The facts that fit in `width`, in their order: the kept ones, then the others by rank, highest first (from
    /// the left among equals), each where it still fits.
    static func summaryLine(_ facts: [Fact], width: Int) -> String {
        // Widths add up: the separator stands between facts, so no character joins across it.
        let widths = facts.map { TextWidth.width($0.text) }, separator = TextWidth.width(Self.separator)
        var shown = facts.indices.map { facts[$0].kept }
        var used = zip(widths, shown).reduce(0) { $0 + ($1.1 ? $1.0 + separator : 0) } - separator
        let others = facts.indices.filter { !facts[$0].kept }
            .sorted { (facts[$0].rank, -$0) > (facts[$1].rank, -$1) }
        for index in others {
            let added = used < 0 ? widths[index] : used + separator + widths[index]
            if added <= width { (shown[index], used) = (true, added) }
        }
        return facts.indices.filter { shown[$0] }.map { facts[$0].text }.joined(separator: Self.separator)
    }

    static let separator = " · "
}
