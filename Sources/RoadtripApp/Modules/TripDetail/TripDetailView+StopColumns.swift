import TerminalUI

extension TripDetailView {
    /// The stops' columns, in the order they are drawn.
    enum StopColumn: Int, CaseIterable {
        case number, name, region, leg, nights, arrives, zone
        /// The after-dark mark, one cell wide, untitled.
        case darkMark
    }

    /// One stop row's cells' widths (the name with its pin and notes marks, the arrival with its clock change), and
    /// its arrival's alone. Plain numbers, not an array: the screen keeps one a stop and copies them all on a reorder,
    /// where an array each was a retain and a release a stop.
    struct StopCellWidths {
        var number = 0, name = 0, region = 0, leg = 0, nights = 0, arrives = 0, zone = 0
        var arrivalAlone = 0

        /// Each cell as wide as the wider of the two.
        func widest(_ other: StopCellWidths) -> StopCellWidths {
            StopCellWidths(number: max(number, other.number), name: max(name, other.name),
                           region: max(region, other.region), leg: max(leg, other.leg), nights: max(nights, other.nights),
                           arrives: max(arrives, other.arrives), zone: max(zone, other.zone),
                           arrivalAlone: max(arrivalAlone, other.arrivalAlone))
        }
    }

    /// As the screen narrows the place goes first (the preview shows it), then the zone (the arrival keeps its
    /// day's clock change), then the nights (the arrival days tell them), then the leg, then the after-dark mark
    /// (the preview says it), then the arrival, which leaves out its day's clock change before it goes. The name
    /// is the first to grow.
    static let stopDropOrder: [StopColumn] = [.region, .zone, .nights, .leg, .darkMark, .arrives]

    static func stopColumns(_ rows: [TripDetailViewModel.Row], dated: Bool) -> [TableLayout.Column] {
        stopColumns(widest: rows.map(cellWidths), dated: dated)
    }

    /// The columns for rows whose cells are `widths` wide; `dated`: a trip with a start date, whose stops may be
    /// reached after dark (the mark's column, else left out).
    static func stopColumns(widest widths: [StopCellWidths], dated: Bool) -> [TableLayout.Column] {
        // Every column's widest cell in one pass over the stops (a reorder of 500 stops does this on each key).
        let widest = widths.reduce(StopCellWidths()) { $0.widest($1) }
        return StopColumn.allCases.map { column in
            switch column {
            case .number: return .init(title: "#", content: widest.number, alignRight: true)
            case .name: return .init(title: "STOP", content: widest.name, isName: true)
            case .region: return .init(title: "REGION", content: widest.region, shortest: 10)
            case .leg: return .init(title: "LEG", content: widest.leg, alignRight: true)
            case .nights: return .init(title: "NIGHTS", content: widest.nights, alignRight: true)
            // As narrow as the arrivals without their clock change ("Sat 12 Jun 14:35" of "Sat 12 Jun 14:35 −1 h").
            case .arrives: return .init(title: "ARRIVES", content: widest.arrives, shortest: widest.arrivalAlone)
            case .zone: return .init(title: "ZONE", content: widest.zone)
            // The after-dark mark, one cell wide where it shows.
            case .darkMark: return .init(title: "", content: dated && widths.count > 1 ? 1 : 0)
            }
        }
    }

    static func cellWidths(_ row: TripDetailViewModel.Row) -> StopCellWidths {
        var widths = StopCellWidths()
        widths.number = TextWidth.width(row.number)
        widths.name = TextWidth.width(row.name) + (row.pinned ? 2 : 0) + (row.hasNotes ? 2 : 0)
        widths.region = TextWidth.width(row.place)
        widths.leg = TextWidth.width(LegMarkText.ascii(row.leg))
        widths.nights = TextWidth.width(row.nights)
        return arrivalWidths(row, in: widths)
    }

    /// `widths` with the row's arrival, zone and arrival alone measured again.
    static func arrivalWidths(_ row: TripDetailViewModel.Row, in widths: StopCellWidths) -> StopCellWidths {
        var widths = widths
        let arrival = TextWidth.width(row.arrival)
        widths.arrives = arrival + (row.shift.isEmpty ? 0 : 1 + TextWidth.width(row.shift))
        widths.zone = TextWidth.width(row.zone)
        widths.arrivalAlone = arrival
        return widths
    }
}
