import TerminalUI

extension TripDetailView {
    /// The BATTERY column, after the stop columns (`StopColumn`): an electric trip's "14 → 80 %" at each stop; no
    /// room (content 0) for any other trip, which leaves it out.
    static func batteryColumn(_ battery: ScreenBattery?) -> TableLayout.Column {
        .init(title: "BATTERY", content: battery?.widest ?? 0)
    }

    /// The stop columns with room in the names for the charge stops' mark (measured as its word, as the ferry's,
    /// so that either fits).
    static func markingCharges(_ columns: [TableLayout.Column], _ battery: ScreenBattery?) -> [TableLayout.Column] {
        guard battery?.charges.contains(true) == true else { return columns }
        var columns = columns
        let name = columns[StopColumn.name.rawValue]
        columns[StopColumn.name.rawValue] = .init(
            title: name.title, content: name.content + TextWidth.width(" " + ScreenBattery.chargeWord),
            shortest: name.shortest, alignRight: name.alignRight, isName: name.isName)
        return columns
    }

    /// `stopDropOrder` with the battery before the arrival: on a narrow screen the arrival stays longest.
    static let dropOrderWithBattery: [Int] = {
        let order = stopDropOrder.map(\.rawValue), battery = StopColumn.allCases.count
        return order.dropLast() + [battery] + order.suffix(1)
    }()

    /// What the battery's column and mark mean, after the times'.
    static let batteryHelp = [
        KeyHelp("BATTERY", "an electric trip's charge arriving → leaving each stop (battery_kwh, consumption_per_100km); "
                    + "runs out: it does not get there"),
        KeyHelp("⚡ (charge)", "after a name: a charge stop, inserted by the days' C with its charging time as its visit"),
    ]
}
