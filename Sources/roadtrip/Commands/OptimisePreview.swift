import Foundation
import RoadtripCore

/// `optimise`'s words for an `OrderPreview`: a table of the totals before and after, the new order with each
/// stop's old position, the notes; or the same facts as JSON.
struct OptimisePreview {
    let preview: OrderPreview

    init(_ preview: OrderPreview) {
        self.preview = preview
    }

    func text(_ unit: DistanceUnit) -> String {
        let name = TerminalSafe.line(preview.trip.name)
        let notes = preview.notes.isEmpty ? [] : [""] + preview.notes
        guard preview.better else {
            return "\(name): \(preview.nothingToGain).\n" + notes.map { "\($0)\n" }.joined()
        }
        var lines = ["\(name): \(preview.saving).", ""]
        let rows = [preview.totalsHeader, OrderPreview.totalsRow("before", preview.totalsBefore, unit),
                    OrderPreview.totalsRow("after", preview.totalsAfter, unit)]
        let widths = [6, rows.map(\.[1].count).max()!, rows.map(\.[2].count).max()!, 4, rows.map(\.[4].count).max()!]
        for row in rows {
            lines.append([pad(row[0], widths[0], right: false), pad(row[1], widths[1]), pad(row[2], widths[2]),
                          pad(row[3], widths[3]), pad(row[4], widths[4])].joined(separator: "  "))
        }
        // The names last, as in `show`: their width is not their character count.
        let digits = max(3, String(preview.trip.waypoints.count).count)
        lines += ["", "\(pad("#", digits))  \(pad("WAS", digits))  NEW ORDER"]
        for (position, stop) in preview.stops.enumerated() {
            lines.append("\(pad(String(position + 1), digits))  \(pad(stop.was == position ? "" : String(stop.was + 1), digits))  "
                         + TerminalSafe.line(OrderPreview.name(of: stop.stop)))
        }
        return (lines + notes).joined(separator: "\n") + "\n"
    }

    private func pad(_ text: String, _ width: Int, right: Bool = true) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return right ? fill + text : text + fill
    }

    /// `optimise --json`.
    struct JSON: Encodable {
        struct Totals: Encodable {
            let distanceKm: Double
            let drivingSeconds: Double
            let days: Int
            let daysOverLimit: Int
            init(_ totals: OrderPreview.Totals) {
                distanceKm = (totals.distanceKm * 10).rounded() / 10
                drivingSeconds = totals.drivingSeconds.rounded()
                days = totals.days
                daysOverLimit = totals.daysOverLimit
            }
        }
        struct Stop: Encodable {
            let position: Int
            let name: String
            let was: Int
        }
        let trip: String
        let better: Bool
        let optimal: Bool
        let roundTrip: Bool
        let pinned: Int
        let searchedOnEstimates: Bool
        let applied: Bool
        let before: Totals
        let after: Totals
        let order: [Stop]

        init(_ text: OptimisePreview, applied: Bool) {
            let preview = text.preview
            trip = preview.trip.name
            better = preview.better
            optimal = preview.optimisation.isOptimal
            roundTrip = preview.optimisation.isRoundTrip
            pinned = preview.optimisation.pinnedCount
            searchedOnEstimates = preview.searchedOnEstimates
            self.applied = applied
            before = Totals(preview.totalsBefore)
            after = Totals(preview.totalsAfter)
            order = preview.stops.enumerated().map { Stop(position: $0.offset + 1, name: $0.element.stop.name, was: $0.element.was + 1) }
        }
    }
}
