import RoadtripCore
import TerminalUI

/// The trip list's rows, kept from one reading to the next with what is made from them: each row's filter key and
/// each column's widest cell. A change makes again the rows of the trips it touched, and the id of the trips whose
/// name it made shared or no longer shared: a new trip in a list of 100,000 makes one row, not 100,000.
struct TripListRows {
    private(set) var rows: [TripListViewModel.Row] = []
    /// Each row's name, route and every stop's name folded for the filter (see `FilterText`).
    private(set) var keys: [FilterText] = []
    /// Each row's name lowercased, and how many rows have each: trips that share a name show their ids.
    private var names: [String] = []
    private var nameCounts: [String: Int] = [:]
    private var widths = ColumnWidths(columns: TripListViewModel.Row.columns)

    /// Each column's widest cell (in `Row.cells` order).
    var widest: [Int] { widths.widest }

    /// Every row made from `summaries`.
    mutating func replaceAll(with summaries: [TripSummary], unit: DistanceUnit) {
        self = TripListRows()
        replace(from: 0, count: 0, with: summaries, unit: unit)
    }

    /// The `count` rows from `position` replaced by rows made from `summaries`.
    mutating func replace(from position: Int, count: Int, with summaries: [TripSummary], unit: DistanceUnit) {
        let old = position..<(position + count)
        let newNames = summaries.map { $0.name.lowercased() }
        // Only rows outside the change can have a name that became shared or stopped being.
        let othersStay = count < rows.count
        let touched = othersStay ? Set(names[old] + newNames) : []
        let sharedBefore = Set(touched.filter { nameCounts[$0, default: 0] > 1 })
        for index in old {
            measure(rows[index], adding: false)
            nameCounts[names[index], default: 0] -= 1
            if nameCounts[names[index]] == 0 { nameCounts[names[index]] = nil }
        }
        for name in newNames { nameCounts[name, default: 0] += 1 }

        var folder = FilterText.Folder()
        let made = zip(summaries, newNames).map { summary, name in
            Self.row(summary, unit, sharesName: nameCounts[name, default: 0] > 1)
        }
        // The route names the first and last stops; the filter finds the ones between too.
        let madeKeys = zip(made, summaries).map { row, summary in
            FilterText([row.name, row.route] + summary.stopNames.dropFirst().dropLast(), folder: &folder)
        }
        made.forEach { measure($0, adding: true) }
        rows.replaceSubrange(old, with: made)
        keys.replaceSubrange(old, with: madeKeys)
        names.replaceSubrange(old, with: newNames)

        let flipped = touched.filter { (nameCounts[$0, default: 0] > 1) != sharedBefore.contains($0) }
        guard !flipped.isEmpty else { return }
        let new = position..<(position + made.count)
        for index in names.indices where !new.contains(index) && flipped.contains(names[index]) {
            let row = rows[index]
            let shortID = nameCounts[names[index], default: 0] > 1 ? TripCatalog.shortID(row.id) : ""
            measure(row, adding: false)
            rows[index] = .init(id: row.id, name: row.name, shortID: shortID, dates: row.dates, stops: row.stops,
                                distance: row.distance, route: row.route)
            measure(rows[index], adding: true)
        }
    }

    /// The row at `index` made again from `summary` (its routes came in); whether it reads otherwise now.
    mutating func refresh(_ summary: TripSummary, at index: Int, unit: DistanceUnit) -> Bool {
        let fresh = Self.row(summary, unit, sharesName: !rows[index].shortID.isEmpty)
        guard fresh != rows[index] else { return false }
        replace(from: index, count: 1, with: [summary], unit: unit)
        return true
    }

    private mutating func measure(_ row: TripListViewModel.Row, adding: Bool) {
        for (column, text) in row.cells.enumerated() {
            let width = TextWidth.width(text)
            if adding { widths.add(width, in: column) } else { widths.remove(width, in: column) }
        }
    }

    private static func row(_ trip: TripSummary, _ unit: DistanceUnit, sharesName: Bool) -> TripListViewModel.Row {
        let route = TripText.route(from: trip.firstStop, to: trip.lastStop)
        // A trip with clashes from a merge says so beside its stops (the name stays the name: rename starts from it);
        // the trip screen's `c` lists them.
        let clashes = trip.clashes == 0 ? "" : trip.clashes == 1 ? " · 1 clash" : " · \(trip.clashes) clashes"
        return .init(id: trip.id, name: trip.name, shortID: sharesName ? TripCatalog.shortID(trip.id) : "",
                     dates: TripText.dates(trip.startDate, trip.endDate), stops: TripText.count(trip.stopCount, "stop") + clashes,
                     distance: trip.stopCount > 1 ? TripText.distance(trip.totalKm, unit, estimated: trip.isEstimated) : "",
                     route: route)
    }
}
